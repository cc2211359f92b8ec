import { pinnedTarget } from '../../state/pinned-target';
import { defineCommand } from '../command';

/** Re-hashes the pin under the cursor of the locker's pinned evidence and says intact or changed. */
export const evidenceVerify = defineCommand({
  id: 'evidence.verify',
  title: 'Verify pinned evidence',
  category: 'Evidence',
  keywords: ['hash', 'sha-256', 'integrity', 'check', 'intact', 'changed', 'tamper', 'pin'],
  disabledReason: (c) => {
    if (!c.investigationId) return 'Open an investigation first.';
    const target = pinnedTarget();
    if (!target) return 'Open the evidence locker’s summary (g e) first.';
    return target.pin() ? null : 'Nothing is pinned to this investigation yet.';
  },
  run: () => pinnedTarget()?.verify(),
});
