import { revealTarget } from '../../state/reveal-target';
import { defineCommand } from '../command';
import { revealCommandBlocked } from './reveal-availability';

/** Denies the reveal request under the cursor of Reveal requests, after asking why. */
export const revealDeny = defineCommand({
  id: 'reveal.deny',
  title: 'Deny Reveal Request…',
  category: 'People',
  keywords: ['privacy', 'identity', 'refuse', 'reject', 'pseudonym'],
  disabledReason: revealCommandBlocked,
  run: () => revealTarget()?.deny(),
});
