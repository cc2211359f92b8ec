import type { Permission } from '../../../shared/permissions';
import type { Reveal } from '../../../shared/schemas/privacy';
import { revealTarget } from '../../state/reveal-target';
import type { CommandContext } from '../command';

/**
 * Why a privacy officer cannot decide the request in hand (null when they can): one rule for
 * the keys, the palette and the screen's buttons. `reveal` is undefined when no Reveal
 * requests screen is shown.
 */
export function revealDecisionBlocked(
  permissions: ReadonlySet<Permission>,
  userId: string | undefined,
  reveal: Reveal | null | undefined,
): string | null {
  if (!permissions.has('privacy.approve'))
    return 'Your role does not allow deciding requests to reveal identities.';
  if (reveal === undefined) return 'Open Reveal requests first (palette: “Reveal requests”).';
  if (reveal === null) return 'Move to a request first (j/k).';
  if (reveal.status !== 'pending') return `This request is already ${reveal.status}.`;
  if (reveal.requestedBy.id === userId)
    return 'This is your own request: another privacy officer must decide it.';
  return null;
}

/** revealDecisionBlocked for a command: the request under the screen's cursor, if shown. */
export function revealCommandBlocked(context: CommandContext): string | null {
  const target = revealTarget();
  return revealDecisionBlocked(
    context.permissions,
    context.me?.user.id,
    target ? target.reveal() : undefined,
  );
}
