import { alertTarget } from '../../state/alert-target';
import { defineCommand } from '../command';
import { alertCommandBlocked } from './alert-availability';

/** Marks the alert in hand, or the selected ones, in review: someone is on it. */
export const alertReview = defineCommand({
  id: 'alert.review',
  title: 'Mark Alerts In Review',
  category: 'Alert',
  keywords: ['triage', 'acknowledge', 'looking', 'in review'],
  disabledReason: (c) => alertCommandBlocked('review', c),
  run: () => alertTarget()?.review(),
});
