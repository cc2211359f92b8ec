import { matchPath } from '../../shared/routes';
import { meQuery } from '../api/auth/me';
import { queryClient } from '../api/query-client';
import { currentContext } from './context-keys';
import { workspace } from '../workspace/workspace-controller';
import type { CommandContext, CommandSource } from './command';

/** The context commands see now. */
export function commandContext(source: CommandSource): CommandContext {
  const me = queryClient.getQueryData(meQuery().queryKey);
  const location = workspace.currentLocation();
  return {
    keys: currentContext(),
    me,
    permissions: new Set(me?.permissions ?? []),
    location,
    investigationId: matchPath(location)?.params.id ?? null,
    source,
  };
}
