import type { Kysely } from 'kysely';

import { appendAudit } from '../../db/queries/audit';
import { listUnauditedExpiries, markExpiryAudited } from '../../db/queries/identity-reveals';
import type { Database } from '../../db/schema';
import type { PseudonymBook } from '../pseudonym';
import { revealEntry } from './reveal-audit';

const BATCH = 200;

/**
 * Writes one `identity.reveal.expire` entry for each granted reveal past its expiry, on its
 * case, once: the mark and the entry commit together, and a reveal another process marked
 * first is left alone. The identity hides at the expiry itself (the policy reads expires_at);
 * this only records it. Returns how many expiries it recorded.
 */
export async function auditExpiredReveals(
  db: Kysely<Database>,
  pseudonyms: PseudonymBook,
  now: number = Date.now(),
): Promise<number> {
  let recorded = 0;
  for (;;) {
    const expired = await listUnauditedExpiries(db, now, BATCH);
    for (const reveal of expired) {
      const marked = await db.transaction().execute(async (trx) => {
        if (!(await markExpiryAudited(trx, reveal.id, now))) return false;
        const entry = revealEntry(
          'identity.reveal.expire',
          {
            id: reveal.id,
            investigationId: reveal.investigation_id,
            employeeId: reveal.employee_id,
          },
          pseudonyms,
          { expiresAt: reveal.expires_at },
        );
        await appendAudit(trx, {
          at: now,
          actorUserId: null,
          actorEmail: null,
          action: entry.action,
          targetType: entry.targetType ?? null,
          targetId: entry.targetId ?? null,
          details: entry.details ?? null,
          ip: null,
          userAgent: null,
        });
        return true;
      });
      if (marked) recorded++;
    }
    if (expired.length < BATCH) return recorded;
  }
}
