import fs from 'node:fs';

import { sql } from 'kysely';

import { runDetectionPass } from '../../src/server/analysis/alerts/detection-pass';
import { runAnalysis } from '../../src/server/analysis/runs/run-analysis';
import { openDatabase } from '../../src/server/db/database';

/**
 * What a speed-up must not change, written as JSON so two commits can be compared with `cmp`
 * (issue 30: no budget met by doing less). Run it from a checkout of each commit on a copy of
 * the same database:
 *
 *   node --import tsx tests/bench/same-outputs.ts analysis DATABASE_URL OUT.json
 *   node --import tsx tests/bench/same-outputs.ts detection DATABASE_URL OUT.json
 *
 * `analysis` runs every case of the database and writes each case's incidents (rule,
 * fingerprint, span, count, sentence, severity, the number and the sum of the ids of the events
 * linked) and its risk assessment (score, level, every part with its evidence). `detection` runs
 * detection over everyone queued, with the clock fixed, and writes every alert (with the same
 * facts of its events) and every person's score and parts. Row ids made at random (alerts,
 * incidents) are left out, and alerts a part names are sorted: equal-time alerts are otherwise
 * ordered by those random ids.
 */

type Row = Record<string, unknown>;

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/** Every value as text (bigint columns arrive as strings on PostgreSQL, numbers on SQLite). */
function plain(row: Row, drop: RegExp = /^$/): Row {
  return Object.fromEntries(
    Object.entries(row)
      .filter(([key]) => !drop.test(key))
      .map(([key, value]) => [
        key,
        value === null ? null : ((JSON.stringify(value) as string | undefined) ?? 'undefined'),
      ]),
  );
}

/** A risk assessment's parts without random ids, alerts named in a stable order. */
function stableParts(parts: unknown): unknown {
  const text = typeof parts === 'string' ? parts : JSON.stringify(parts);
  const list = JSON.parse(text.replace(UUID, 'id')) as Array<{
    evidence: { incidents?: Row[] };
  }>;
  return list.map((part) => ({
    ...part,
    evidence: {
      ...part.evidence,
      incidents: (part.evidence.incidents ?? []).sort((a, b) =>
        JSON.stringify(a).localeCompare(JSON.stringify(b)),
      ),
    },
  }));
}

async function main(): Promise<void> {
  const [what, url, out] = process.argv.slice(2);
  if (!what || !url || !out) throw new Error('usage: same-outputs.ts analysis|detection URL OUT');
  const handle = openDatabase(url);
  try {
    let written: unknown;
    if (what === 'analysis') {
      const cases = await handle.db
        .selectFrom('investigations')
        .select('id')
        .orderBy('id')
        .execute();
      for (const { id } of cases) await runAnalysis(handle, id);
      const incidents = await sql<Row>`
        select i.investigation_id, i.rule_id, i.fingerprint, i.first_seen, i.last_seen,
          i.event_count, i.why, i.severity,
          (select count(*) from incident_events e where e.incident_id = i.id) as linked,
          (select sum(event_id) from incident_events e where e.incident_id = i.id) as id_sum
        from incidents i order by i.investigation_id, i.rule_id, i.fingerprint`.execute(handle.db);
      const risk = await sql<Row>`
        select investigation_id, score, computed_level, parts from risk_assessments
        order by investigation_id`.execute(handle.db);
      written = {
        incidents: incidents.rows.map((row) => plain(row)),
        risk: risk.rows.map((row) => ({ ...plain(row), parts: stableParts(row.parts) })),
      };
    } else if (what === 'detection') {
      const now = Date.parse(process.env.SAME_OUTPUTS_NOW ?? '2026-11-28T15:00:00Z');
      await runDetectionPass(handle, { now: () => now });
      const alerts = await sql<Row>`
        select a.rule_id, a.employee_id, a.severity, a.first_time, a.last_time, a.event_count,
          a.why,
          (select count(*) from alert_events e where e.alert_id = a.id) as linked,
          (select sum(event_id) from alert_events e where e.alert_id = a.id) as id_sum
        from alerts a order by a.employee_id, a.rule_id, a.first_time`.execute(handle.db);
      const risk = await sql<Row>`
        select employee_id, score, level, parts, open_alerts from employee_risk
        order by employee_id`.execute(handle.db);
      written = {
        alerts: alerts.rows.map((row) => plain(row)),
        risk: risk.rows.map((row) => ({ ...plain(row), parts: stableParts(row.parts) })),
      };
    } else {
      throw new Error(`"${what}" is not analysis or detection.`);
    }
    fs.writeFileSync(out, `${JSON.stringify(written, null, 1)}\n`);
  } finally {
    await handle.close();
  }
}

await main();
