import { openDialogAtom } from '../../state/dialogs';
import { appStore } from '../../state/store';
import { defineCommand } from '../command';

/** Opens the form that makes a personal API token (name, scopes, expiry), shown once. */
export const apiTokenCreate = defineCommand({
  id: 'apiToken.create',
  title: 'Create API Token…',
  category: 'Account',
  keywords: ['personal access token', 'pat', 'automation', 'bearer', 'api', 'key', 'script'],
  disabledReason: (c) =>
    c.permissions.size > 0 ? null : 'Your role holds no permission a token could have.',
  run: () => appStore.set(openDialogAtom, { kind: 'createApiToken' }),
});
