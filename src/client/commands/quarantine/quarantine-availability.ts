import { quarantineScreen } from '../../state/quarantine-screen';
import type { CommandContext } from '../command';

/** Why a role may not open or change a quarantine, or null: one rule for keys, palette and buttons. */
export function quarantineRoleBlocked(context: CommandContext): string | null {
  return context.permissions.has('integrations.manage')
    ? null
    : 'Your role does not include managing integrations.';
}

/** Why a command of the Quarantine screen cannot run now, or null. */
export function quarantineScreenBlocked(context: CommandContext): string | null {
  return (
    quarantineRoleBlocked(context) ??
    (quarantineScreen() ? null : 'Open a quarantine first (palette: “Quarantine of …”).')
  );
}
