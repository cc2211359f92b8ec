import { apiTokenTarget } from '../../state/api-token-target';
import { defineCommand } from '../command';

/** Said when no token list is shown. */
export const NO_TOKEN_LIST =
  'Open your API tokens (Settings) or, as an admin, the API tokens screen first.';

/** Revokes the token under the cursor of the token list shown, after a confirmation. */
export const apiTokenRevoke = defineCommand({
  id: 'apiToken.revoke',
  title: 'Revoke API Token…',
  category: 'Account',
  keywords: ['delete', 'remove', 'personal access token', 'pat', 'bearer', 'api', 'key'],
  disabledReason: () => {
    const target = apiTokenTarget();
    if (!target) return NO_TOKEN_LIST;
    return target.token() ? null : 'There is no API token to revoke.';
  },
  run: () => apiTokenTarget()?.revoke(),
});
