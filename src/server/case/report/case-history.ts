import type { Kysely } from 'kysely';

import type { Database } from '../../db/schema';
import type { IdentityPolicy } from '../../privacy/identity-policy';
import { caseActivity } from '../case-activity';
import type { ReportHistoryEntry } from './report-model';

/** Entries read per page of the case's activity. */
const PAGE = 200;
/** A history longer than this is cut in the report (its newest part kept); the audit API has it all. */
const MAX_ENTRIES = 5000;

/**
 * The case history for the report, oldest first: the same lines the case's activity feed
 * shows (changes, notes, pins, exports, reveals; no reads), each with its actor and summary,
 * what people wrote shown as `policy` shows it.
 */
export async function caseHistory(
  db: Kysely<Database>,
  investigationId: string,
  policy: IdentityPolicy,
): Promise<ReportHistoryEntry[]> {
  const newestFirst: ReportHistoryEntry[] = [];
  let cursor: string | undefined;
  do {
    const page = await caseActivity(db, investigationId, { limit: PAGE, cursor }, policy);
    for (const entry of page.entries)
      newestFirst.push({
        at: entry.at,
        actor: entry.actor ? entry.actor.displayName || entry.actor.email : 'Vigil',
        action: entry.action,
        text: entry.summary,
      });
    cursor = page.next ?? undefined;
  } while (cursor && newestFirst.length < MAX_ENTRIES);
  return newestFirst.reverse();
}
