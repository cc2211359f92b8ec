import { revealTarget } from '../../state/reveal-target';
import { defineCommand } from '../command';
import { revealCommandBlocked } from './reveal-availability';

/** Approves the reveal request under the cursor of Reveal requests. */
export const revealApprove = defineCommand({
  id: 'reveal.approve',
  title: 'Approve Reveal Request',
  category: 'People',
  keywords: ['privacy', 'identity', 'grant', 'allow', 'pseudonym'],
  disabledReason: revealCommandBlocked,
  run: () => revealTarget()?.approve(),
});
