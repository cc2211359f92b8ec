import { buildPath } from '../../../shared/routes';
import { openDialogAtom } from '../../state/dialogs';
import { appStore } from '../../state/store';
import { workspace } from '../../workspace/workspace-controller';
import { defineCommand } from '../command';

/** Starts a watchlist kept by hand, on the Watchlists screen where it then shows. */
export const watchlistCreate = defineCommand({
  id: 'watchlist.create',
  title: 'New Watchlist…',
  category: 'Admin',
  keywords: ['create', 'add', 'list', 'people', 'watch', 'detection'],
  disabledReason: (c) =>
    c.permissions.has('configuration.manage')
      ? null
      : 'Your role does not include changing detection settings.',
  run: (_args, context) => {
    const list = buildPath('watchlists', {});
    if (!context.location.startsWith(list)) workspace.navigate(list);
    appStore.set(openDialogAtom, { kind: 'createWatchlist' });
  },
});
