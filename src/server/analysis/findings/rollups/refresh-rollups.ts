import type { Kysely } from 'kysely';

import type { Configuration } from '../../../../shared/schemas/configuration';
import type { Dialect } from '../../../db/dialect';
import {
  clearRollups,
  employeeTimeRange,
  fileNameLabels,
  lockEmployeeRollups,
  maxEventId,
  newEventDays,
  readRollupState,
  rebuildDays,
  saveFileLabels,
  writeRollupState,
} from '../../../db/queries/findings/rollups';
import { flagCandidates, saveFlags } from '../../../db/queries/findings/flag-candidates';
import type { RollupBuild } from '../../../db/queries/findings/rollups';
import { rebuildFileRollup } from '../../../db/queries/findings/files';
import { DAY_MS } from '../../../db/queries/findings/sql-parts';
import { asAppDb, findingsDb } from '../../../db/queries/findings/tables';
import type { FindingsDb } from '../../../db/queries/findings/tables';
import type { Database } from '../../../db/schema';
import { allCommandNeedles, matchCommandPatterns } from '../powershell-patterns';
import { inferLabels } from './infer-labels';
import { offsetIntervals } from '../../../../shared/time/local-time';

/** Bump when what the rollups hold changes: every employee is then rebuilt once. */
const ROLLUP_VERSION = 3;

/** What an employee's rollups depend on besides their events. */
export interface RollupSettings {
  timezone: string;
  startHour: number;
  endHour: number;
  competitors: Configuration['competitors'];
  companyDomains: readonly string[];
  /** Least to most sensitive, for files whose label is inferred from several. */
  sensitivityLabels: readonly string[];
}

const inFlight = new Map<string, Promise<void>>();

/**
 * The analysis step behind every finding: brings an employee's rollups up to date with their
 * events. The first call builds them (seconds for a million events); later calls only look
 * at events stored since (a max(id) and, when there are new events, the days they fall on).
 * Settings that change what rollups hold (time zone, hours, competitors) rebuild them.
 * Concurrent calls for one employee share one build.
 */
export async function ensureRollups(
  db: Kysely<Database>,
  dialect: Dialect,
  employeeId: string,
  settings: RollupSettings,
): Promise<void> {
  const running = inFlight.get(employeeId);
  if (running) return running;
  const work = refresh(db, dialect, employeeId, settings).finally(() =>
    inFlight.delete(employeeId),
  );
  inFlight.set(employeeId, work);
  return work;
}

async function refresh(
  db: Kysely<Database>,
  dialect: Dialect,
  employeeId: string,
  settings: RollupSettings,
) {
  const params = JSON.stringify({ v: ROLLUP_VERSION, ...settings });
  const [state, upTo] = await Promise.all([
    readRollupState(db, employeeId),
    maxEventId(db, dialect),
  ]);
  if (state && state.params === params && state.lastEventId >= upTo) return;
  const rebuildAll = !state || state.params !== params;
  const days = rebuildAll
    ? null
    : await newEventDays(db, dialect, employeeId, state.lastEventId, upTo);
  await findingsDb(db)
    .transaction()
    .execute(async (trx) => {
      await lockEmployeeRollups(trx, dialect, employeeId);
      if (rebuildAll) {
        await clearRollups(trx, employeeId);
        const range = await employeeTimeRange(asAppDb(trx), employeeId);
        if (range) {
          await rebuildRange(
            trx,
            dialect,
            employeeId,
            settings,
            Math.floor(range.first / DAY_MS),
            Math.floor(range.last / DAY_MS),
          );
        }
      } else {
        for (const [first, last] of contiguousRanges(days ?? [])) {
          await rebuildRange(trx, dialect, employeeId, settings, first, last);
        }
      }
      if (rebuildAll || (days?.length ?? 0) > 0) await rebuildFileRollup(trx, dialect, employeeId);
      await writeRollupState(trx, employeeId, { params, lastEventId: upTo }, Date.now());
    });
}

async function rebuildRange(
  db: FindingsDb,
  dialect: Dialect,
  employeeId: string,
  settings: RollupSettings,
  firstDay: number,
  lastDay: number,
): Promise<void> {
  const from = firstDay * DAY_MS;
  const to = (lastDay + 1) * DAY_MS;
  const build: RollupBuild = {
    employeeId,
    dialect,
    companyDomains: settings.companyDomains,
    clock: {
      offsets: offsetIntervals(settings.timezone, from, to),
      startHour: settings.startHour,
      endHour: settings.endHour,
    },
  };
  const app = asAppDb(db);
  const { labelled, unlabelled } = await fileNameLabels(app, dialect, employeeId, from, to);
  await saveFileLabels(
    db,
    employeeId,
    inferLabels(labelled, unlabelled, settings.sensitivityLabels),
  );
  await rebuildDays(db, build, firstDay, lastDay);

  const flags: Array<{ flag: string; time: number; eventId: number; detail: string }> = [];
  const needles = settings.competitors.flatMap((c) =>
    [c.name, ...c.domains].map((n) => n.toLowerCase()),
  );
  for (const candidate of await flagCandidates(app, build, 'mention', { from, to }, needles)) {
    for (const competitor of settings.competitors) {
      const terms = [competitor.name, ...competitor.domains].map((n) => n.toLowerCase());
      if (terms.some((term) => candidate.text.includes(term))) {
        flags.push({
          flag: 'competitor',
          time: candidate.time,
          eventId: candidate.id,
          detail: competitor.name,
        });
      }
    }
  }
  const commands = await flagCandidates(app, build, 'command', { from, to }, allCommandNeedles);
  for (const candidate of commands) {
    for (const pattern of matchCommandPatterns(candidate.text)) {
      flags.push({
        flag: 'command',
        time: candidate.time,
        eventId: candidate.id,
        detail: pattern.id,
      });
    }
  }
  await saveFlags(db, employeeId, flags);
}

/** [first, last] runs of consecutive day numbers, from a sorted list. */
export function contiguousRanges(days: readonly number[]): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const day of days) {
    const last = out[out.length - 1];
    if (last && day === last[1] + 1) last[1] = day;
    else out.push([day, day]);
  }
  return out;
}
