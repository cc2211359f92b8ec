import { alertTarget } from '../../state/alert-target';
import { defineCommand } from '../command';
import { alertCommandBlocked } from './alert-availability';

/** Dismisses the alert in hand, or the selected ones, after asking for the reason. */
export const alertDismiss = defineCommand({
  id: 'alert.dismiss',
  title: 'Dismiss Alerts…',
  category: 'Alert',
  keywords: ['close', 'false positive', 'benign', 'triage', 'reason'],
  disabledReason: (c) => alertCommandBlocked('dismiss', c),
  run: () => alertTarget()?.dismiss(),
});
