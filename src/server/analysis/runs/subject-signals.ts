import type { Kysely } from 'kysely';

import type { Configuration } from '../../../shared/schemas/configuration';
import { RISK_EVENT_IDS_MAX } from '../../../shared/schemas/risk';
import { localClock, offsetAt } from '../../../shared/time/local-time';
import {
  countAfterHours,
  countExternalTransfers,
  externalTransferIds,
  findDepartureEvents,
} from '../../db/queries/risk-signals';
import type { WorkingZone } from '../../db/queries/risk-signals';
import type { Database } from '../../db/schema';
import type { RiskInputs } from './risk-score';

/** The parts of the risk score's inputs read from a person's events. */
export type SubjectSignals = Pick<
  RiskInputs,
  'window' | 'resignation' | 'departure' | 'departureEventIds' | 'afterHours' | 'externalTransfers'
>;

/** Whose signals are read: the person, their zone and hours, and what HR says of them. */
export interface SignalPerson {
  employeeId: string;
  timezone: string | null;
  workStartHour: number | null;
  workEndHour: number | null;
  resignationDate: string | null;
  departureDate: string | null;
}

function isoDate(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString().slice(0, 10);
}

/**
 * The parts of the risk score read from a person's own events over [from, to): the after-hours
 * share (on their clock; the offset at `zoneAt` for readers of the older fixed offset),
 * external transfers, and the departure (the HR record's
 * dates, else the first HR events). One reader for a case's score and a person's.
 */
export async function readSubjectSignals(
  db: Kysely<Database>,
  person: SignalPerson,
  config: Configuration,
  window: { from: number; to: number },
  zoneAt: number,
  /** Whether to count the after-hours share (a case's run takes its working hours figure instead). */
  wanted: { afterHours: boolean } = { afterHours: true },
): Promise<SubjectSignals> {
  const scope = { employeeId: person.employeeId, ...window };
  const hours = signalZone(person, config, window, zoneAt);
  const [departure, afterHours, transfers, transferIds] = await Promise.all([
    findDepartureEvents(db, person.employeeId, window.to),
    wanted.afterHours ? countAfterHours(db, scope, hours) : { total: 0, offHours: 0 },
    countExternalTransfers(db, scope),
    externalTransferIds(db, scope, RISK_EVENT_IDS_MAX),
  ]);
  return signalsFrom(person, window, hours, departure, afterHours, {
    count: transfers,
    ids: transferIds,
  });
}

/** The zone and hours a person's after-hours share is read in (the offset at `zoneAt`). */
export function signalZone(
  person: SignalPerson,
  config: Configuration,
  window: { from: number; to: number },
  zoneAt: number,
): WorkingZone {
  const clock = localClock(person, config, { start: window.from, end: window.to });
  return {
    offsetMs: offsetAt(clock.offsets, zoneAt),
    timezone: clock.timezone,
    startHour: clock.startHour,
    endHour: clock.endHour,
  };
}

/** The signals' part of the score's inputs, from what was read (one person or a batch). */
export function signalsFrom(
  person: SignalPerson,
  window: { from: number; to: number },
  hours: WorkingZone,
  departure: { resignation: number | null; departure: number | null; eventIds: string[] },
  afterHours: { total: number; offHours: number },
  externalTransfers: { count: number; ids: string[] },
): SubjectSignals {
  return {
    window: { from: window.from, to: window.to },
    resignation: person.resignationDate ?? isoDate(departure.resignation),
    departure: person.departureDate ?? isoDate(departure.departure),
    departureEventIds: departure.eventIds,
    afterHours: { ...afterHours, zone: hours },
    externalTransfers,
  };
}
