import { alertTarget } from '../../state/alert-target';
import { defineCommand } from '../command';
import { alertCommandBlocked } from './alert-availability';

/**
 * Opens an investigation about the person of the alert in hand, or adds the alert to their
 * open one, and goes to it.
 */
export const alertEscalate = defineCommand({
  id: 'alert.escalate',
  title: 'Open Investigation from Alert',
  category: 'Alert',
  keywords: ['escalate', 'case', 'create', 'investigate'],
  disabledReason: (c) => alertCommandBlocked('escalate', c),
  run: () => alertTarget()?.escalate(),
});
