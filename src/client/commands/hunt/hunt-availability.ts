import type { CommandContext } from '../command';

/** Why the user cannot hunt (it reads every event of everyone), or null. */
export function cannotHunt(context: Pick<CommandContext, 'permissions'>): string | null {
  return context.permissions.has('investigations.read_all') &&
    context.permissions.has('evidence.read')
    ? null
    : 'Hunting reads every event of everyone: it needs a role that may read every case and its evidence.';
}
