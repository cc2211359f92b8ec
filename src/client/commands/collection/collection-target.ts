import { matchPath } from '../../../shared/routes';
import type { CommandContext } from '../command';

/** The integration whose settings the focused pane shows, or null. */
export function collectionTarget(context: CommandContext): string | null {
  const match = matchPath(context.location);
  return match?.routeId === 'integrationSettings' ? (match.params.integrationId ?? null) : null;
}

/** Why a collection command cannot run here, or null. */
export function collectionUnavailable(context: CommandContext): string | null {
  if (!context.permissions.has('integrations.manage'))
    return 'Your role does not include managing integrations.';
  if (collectionTarget(context) === null) return 'Open an integration’s settings first.';
  return null;
}
