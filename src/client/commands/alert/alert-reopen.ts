import { alertTarget } from '../../state/alert-target';
import { defineCommand } from '../command';
import { alertCommandBlocked } from './alert-availability';

/** Puts the alert in hand, or the selected ones, back in the queue as new (undoes a triage). */
export const alertReopen = defineCommand({
  id: 'alert.reopen',
  title: 'Reopen Alerts',
  category: 'Alert',
  keywords: ['undo', 'new', 'back to queue', 'undismiss'],
  disabledReason: (c) => alertCommandBlocked('reopen', c),
  run: () => alertTarget()?.reopen(),
});
