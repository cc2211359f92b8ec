import { useUnmappedAccounts } from '../../api/integrations/unmapped-accounts';
import { formatNumber, formatRelative } from '../../components/format';

/**
 * Who is missing from the directory: the accounts whose events joined no employee, most events
 * first, with what to do about them (an alias in the HR feed, a NetBIOS name in Configuration).
 */
export function UnmappedAccountsCard() {
  const unmapped = useUnmappedAccounts();
  const reply = unmapped.data;
  if (!reply) return null;
  if (reply.totalAccounts === 0) {
    return (
      <p className="muted unmapped-summary" role="status">
        Every account in the logs maps to a person.
      </p>
    );
  }
  const more = reply.totalAccounts - reply.accounts.length;
  return (
    // It scrolls once the accounts outgrow it: focusable, so the keyboard can scroll it too.
    <section className="card unmapped-card" aria-labelledby="unmapped-title" tabIndex={0}>
      <header>
        <h2 id="unmapped-title">
          Accounts that map to nobody: {formatNumber(reply.totalAccounts)} accounts,{' '}
          {formatNumber(reply.totalEvents)} events
          {reply.resolving ? <span className="muted"> · mapping again…</span> : null}
        </h2>
      </header>
      <div className="card-body">
        <p className="muted">
          Their events are kept but belong to no one, so no finding counts them. Add the account as
          an alias in the HR feed (other emails, Windows, GitHub or Slack accounts), or its Windows
          domain under Configuration; their events are then mapped again in the background.
        </p>
        <table className="unmapped-table">
          <thead>
            <tr>
              <th scope="col">Account</th>
              <th scope="col">Source</th>
              <th scope="col" className="numeric">
                Events
              </th>
              <th scope="col">Last seen</th>
            </tr>
          </thead>
          <tbody>
            {reply.accounts.map((account) => (
              <tr key={`${account.source}:${account.account}`}>
                <td className="mono">{account.account}</td>
                <td>{account.source}</td>
                <td className="numeric">{formatNumber(account.events)}</td>
                <td>{formatRelative(account.lastSeen)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {more > 0 ? <p className="muted">and {formatNumber(more)} more accounts</p> : null}
      </div>
    </section>
  );
}
