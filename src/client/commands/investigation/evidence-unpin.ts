import { pinnedTarget } from '../../state/pinned-target';
import { defineCommand } from '../command';
import { CLOSED_CASE_REASON, currentInvestigation } from './current-investigation';

/** Removes the pin under the cursor of the locker's pinned evidence, after asking why. */
export const evidenceUnpin = defineCommand({
  id: 'evidence.unpin',
  title: 'Unpin evidence…',
  category: 'Evidence',
  keywords: ['remove', 'withdraw', 'tombstone', 'pin'],
  disabledReason: (c) => {
    if (!c.investigationId) return 'Open an investigation first.';
    if (!c.permissions.has('evidence.write')) return 'Your role does not allow unpinning evidence.';
    if (currentInvestigation(c)?.status === 'closed') return CLOSED_CASE_REASON;
    const target = pinnedTarget();
    if (!target) return 'Open the evidence locker’s summary (g e) first.';
    const pin = target.pin();
    if (!pin) return 'Nothing is pinned to this investigation yet.';
    return pin.removed ? 'The pin under the cursor was already removed.' : null;
  },
  run: () => pinnedTarget()?.unpin(),
});
