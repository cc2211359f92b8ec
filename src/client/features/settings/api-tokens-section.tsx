import { useMyApiTokens } from '../../api/tokens/api-tokens';
import { runCommand } from '../../commands/run-command';
import { ApiTokenList } from '../../widgets/api-token-list';
import { CommandButton } from '../../components/command-button';
import { plural } from '../../../shared/wording';

/**
 * The user's own API tokens, for scripts and other systems that call Vigil: make one (n), and
 * revoke the one under the cursor (Delete or D), after asking.
 */
export function ApiTokensSection() {
  const tokens = useMyApiTokens();
  const list = tokens.data?.tokens ?? [];
  return (
    <section className="card" aria-labelledby="api-tokens-heading">
      <header>
        <h2 id="api-tokens-heading">API tokens</h2>
        <span className="muted">{tokens.data ? plural(list.length, 'token') : ''}</span>
        <CommandButton
          className="button"
          disabledReason={null}
          hint="A token for scripts: sent as Authorization: Bearer, it acts as you with the scopes you choose"
          onClick={() => void runCommand('apiToken.create', undefined, 'button')}
        >
          Create token…
        </CommandButton>
      </header>
      <div className="card-body" style={{ display: 'grid', gap: 10 }}>
        {tokens.isError ? (
          <div className="alert error" role="alert">
            Your API tokens could not be loaded: {tokens.error.message}
          </div>
        ) : null}
        <ApiTokenList
          label="Your API tokens"
          tokens={list}
          scope="mine"
          loading={tokens.isLoading}
          height={220}
          emptyMessage="No API tokens. Create one for a script or another system that calls Vigil."
        />
      </div>
    </section>
  );
}
