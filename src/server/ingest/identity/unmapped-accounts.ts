import type { EventSource } from '../../../shared/events';
import type { UnmappedAccountsReply } from '../../../shared/schemas/identity-mapping';
import { UNMAPPED_ACCOUNTS_LISTED } from '../../../shared/schemas/identity-mapping';
import type { DatabaseHandle } from '../../db/database';
import { listUnmappedAccounts } from '../../db/queries/identity-mapping';
import { isServiceAccount } from '../pipeline/identity-directory';
import { identityResolutionRunning } from './identity-resolution';

/**
 * The accounts whose events joined no employee, most events first, so an admin sees who is
 * missing from the HR feed, the aliases or the NetBIOS names. Machine and built-in Windows
 * service accounts (SYSTEM, `WS-0142$`) are never people and are left out.
 */
export async function unmappedAccounts(handle: DatabaseHandle): Promise<UnmappedAccountsReply> {
  const rows = (await listUnmappedAccounts(handle.db)).filter(
    (row) => row.isEmail || !isServiceAccount(row.account),
  );
  return {
    accounts: rows.slice(0, UNMAPPED_ACCOUNTS_LISTED).map((row) => ({
      source: row.source as EventSource,
      account: row.account,
      events: row.events,
      lastSeen: row.lastSeen,
    })),
    totalAccounts: rows.length,
    totalEvents: rows.reduce((sum, row) => sum + row.events, 0),
    resolving: identityResolutionRunning(handle),
  };
}
