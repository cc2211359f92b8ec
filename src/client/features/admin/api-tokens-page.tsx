import { useEveryonesApiTokens } from '../../api/tokens/api-tokens';
import { usePermissions } from '../../api/auth/me';
import { mayOpenRoute } from '../../commands/navigation/route-access';
import { ApiTokenList } from '../../widgets/api-token-list';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { plural } from '../../../shared/wording';

/**
 * Everyone's API tokens, for user admins: whose, what they may do, when they expire and when
 * they were last used. j/k move; Delete (or D) revokes the token under the cursor, after asking.
 */
export default function ApiTokensPage() {
  const permissions = usePermissions();
  const allowed = mayOpenRoute('apiTokens', permissions);
  const tokens = useEveryonesApiTokens(allowed);
  if (!allowed) {
    return (
      <div className="page">
        <PageHeader title="API tokens" />
        <EmptyState title="API tokens are for user administrators">
          Everyone&apos;s tokens are listed to those who manage users. Your own are under Settings.
        </EmptyState>
      </div>
    );
  }
  const list = tokens.data?.tokens ?? [];
  return (
    <div className="page">
      <PageHeader
        title="API tokens"
        subtitle={
          tokens.data
            ? `${plural(list.length, 'token')} not revoked. A token acts as its owner with its scopes; revoking one stops it at once.`
            : 'Personal access tokens of every user'
        }
      />
      {tokens.isError ? (
        <div className="alert error" role="alert">
          The tokens could not be loaded: {tokens.error.message}
        </div>
      ) : null}
      <ApiTokenList
        label="Everyone's API tokens"
        tokens={list}
        scope="everyone"
        loading={tokens.isLoading}
        height="fill"
        mainGrid
        emptyMessage="Nobody has an API token."
      />
    </div>
  );
}
