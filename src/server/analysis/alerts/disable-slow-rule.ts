import type { Kysely } from 'kysely';

import { appendAudit } from '../../db/queries/audit';
import { disableRuleWithReason } from '../../db/queries/detection-rules';
import { inTransaction } from '../../db/in-transaction';
import type { Database } from '../../db/schema';

/** The sentence the rules screen shows beside a rule detection switched off. */
export function slowRuleReason(deadlineMs: number, now: number): string {
  const at = new Date(now).toISOString().slice(0, 16).replace('T', ' ');
  return `Detection switched this rule off at ${at} UTC: over one person's events it ran longer than ${Math.round(deadlineMs / 1000)} s, the most a rule may take, and was stopped. Simplify its regular expressions or narrow what it matches, try it, then switch it on again.`;
}

/**
 * Switches off a rule that ran past its deadline, so it cannot stall every pass after this one
 * (and every restart), with the reason for the rules screen and an audit entry by nobody (the
 * system). False when it was off already.
 */
export async function disableSlowRule(
  db: Kysely<Database>,
  ruleId: string,
  deadlineMs: number,
  now: number,
): Promise<boolean> {
  const reason = slowRuleReason(deadlineMs, now);
  return inTransaction(db, async (trx) => {
    if (!(await disableRuleWithReason(trx, ruleId, reason, now))) return false;
    await appendAudit(trx, {
      at: now,
      actorUserId: null,
      actorEmail: null,
      action: 'detection_rule.update',
      targetType: 'detection_rule',
      targetId: ruleId,
      details: { enabled: { from: true, to: false }, reason },
      ip: null,
      userAgent: null,
    });
    return true;
  });
}
