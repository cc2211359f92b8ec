import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { eventSources, normalizedEventSchema } from '../../../src/shared/events';
import { RecordError } from '../../../src/server/ingest/errors';
import { parsers } from '../../../src/server/ingest/parsers/index';
import type { SourceParser } from '../../../src/server/ingest/parsers/parser';
import { NOW } from './support/parse-records';
import { seedRecords } from './support/seed-records';

/** Field names each format reads, so junk reaches deep into the parsers, not just the format check. */
const keysByFormat = [
  'uuid',
  'published',
  'eventType',
  'eventtype',
  'actor',
  'client',
  'outcome',
  'target',
  'request',
  'debugContext',
  'id',
  'kind',
  'items',
  'events',
  'name',
  'type',
  'parameters',
  'ipAddress',
  'Id',
  'CreationTime',
  'Operation',
  'Workload',
  'UserId',
  'ClientIP',
  'ResultStatus',
  'RecordType',
  'Item',
  'SourceFileName',
  'SiteUrl',
  'SourceRelativeUrl',
  'UserSharedWith',
  'Parameters',
  'AffectedItems',
  'Folders',
  '@timestamp',
  'created_at',
  '_document_id',
  'action',
  'repo',
  'actor_location',
  'external_identity_nameid',
  'date_create',
  'entity',
  'context',
  'details',
  'entries',
  'EventID',
  'System',
  'EventData',
  'UserData',
  'Channel',
  'Hostname',
  'UtcTime',
  'TimeCreated',
  'User',
  'Image',
  'CommandLine',
  'TargetFilename',
  'ScriptBlockText',
  'ScriptBlockId',
  'MessageNumber',
  'MessageTotal',
  'Message',
  'deviceName',
  'lastSyncDateTime',
  'userPrincipalName',
  'managementAgent',
  'complianceState',
  'value',
  'number',
  'opened_at',
  'requested_for',
  'item',
  'state',
  'approved_at',
  'employee_id',
  'full_name',
  'email',
  'timezone',
  'work_start_hour',
  'event_type',
  'effective_date',
  'start_date',
  'activity',
  'time',
  'source',
  'sourceEventId',
  'file',
  'attributes',
  'raw',
];

const plausibleValue = fc.oneof(
  fc.constantFrom(
    'null',
    '',
    'user.session.start',
    'git.clone',
    'file_shared',
    'FileDownloaded',
    'Send',
    'drive',
    'Microsoft-Windows-Sysmon/Operational',
    'Microsoft-Windows-PowerShell/Operational',
    'jane.doe@acme.com',
    '2024-05-02T10:00:00Z',
    '2024-05-02 10:00:00.123456789',
    '0001-01-01T00:00:00Z',
    'E:\\x.txt',
    4104,
    1,
    11,
    1714660261,
    1714660261337,
    -1,
    1e300,
    'approved',
    'resignation',
    'Europe/Paris',
    'email_send',
  ),
  fc.jsonValue({ maxDepth: 3 }),
  fc.anything({ maxDepth: 2 }),
);

const junkRecord = fc.oneof(
  fc.anything({ maxDepth: 3 }),
  fc.dictionary(fc.constantFrom(...keysByFormat), plausibleValue, { maxKeys: 12 }),
  fc.dictionary(
    fc.constantFrom(...keysByFormat),
    fc.dictionary(fc.constantFrom(...keysByFormat), plausibleValue, { maxKeys: 6 }),
    { maxKeys: 6 },
  ),
);

/** Parses a record; passes when it gives valid events or a RecordError about the data. */
function survives(parser: SourceParser, records: unknown[]): void {
  const session = parser.create({ companyDomains: ['acme.com'], now: NOW });
  const check = (items: ReturnType<typeof session.push>) => {
    for (const item of items) {
      if (item.kind === 'event')
        expect(normalizedEventSchema.safeParse(item.event).error).toBeUndefined();
    }
  };
  records.forEach((record, index) => {
    try {
      check(session.push(record, index + 1));
    } catch (error) {
      expect(error).toBeInstanceOf(RecordError);
      const recordError = error as RecordError;
      expect(recordError.internal, recordError.message).toBe(false);
      expect(recordError.message).toMatch(new RegExp(`^record ${index + 1}: `));
    }
  });
  check(session.end());
}

/** Runs per property; raise with VIGIL_FUZZ_RUNS=20000 for a longer hunt. */
const runs = Number(process.env.VIGIL_FUZZ_RUNS ?? 300);
const timeout = 5000 + runs * 10;

/** Every path to a value inside a record, e.g. ['events', 0, 'parameters', 2, 'value']. */
function pathsOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (typeof value !== 'object' || value === null) return [prefix];
  const entries = Array.isArray(value)
    ? value.map((item, index) => [index, item] as const)
    : Object.entries(value);
  return [prefix, ...entries.flatMap(([key, item]) => pathsOf(item, [...prefix, key]))];
}

/** A copy of the record with the value at `path` replaced, or removed when `value` is undefined. */
function damaged(record: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const copy = structuredClone(record) as Record<string | number, unknown>;
  let parent: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = path.at(-1)!;
  if (value === undefined) delete parent[last];
  else parent[last] = value;
  return copy;
}

describe('every parser survives junk', () => {
  it('has a parser for every source', () => {
    expect(Object.keys(parsers).sort()).toEqual([...eventSources].sort());
  });

  for (const source of eventSources) {
    it(
      `${source}: random records either parse or are rejected with a RecordError`,
      () => {
        fc.assert(
          fc.property(fc.array(junkRecord, { minLength: 1, maxLength: 5 }), (records) => {
            survives(parsers[source], records);
          }),
          { numRuns: runs },
        );
      },
      timeout,
    );

    it(
      `${source}: valid records damaged field by field either parse or are rejected`,
      () => {
        const seeds = seedRecords[source];
        expect(parsers[source].looksLike(seeds[0])).toBe(true);
        const damage = fc
          .integer({ min: 0, max: seeds.length - 1 })
          .chain((index) =>
            fc.tuple(
              fc.constant(seeds[index]),
              fc.array(
                fc.tuple(
                  fc.constantFrom(...pathsOf(seeds[index]).slice(1)),
                  fc.option(plausibleValue, { nil: undefined }),
                ),
                { minLength: 1, maxLength: 4 },
              ),
            ),
          )
          .map(([seed, changes]) =>
            changes.reduce((record, [path, value]) => {
              try {
                return damaged(record, path, value);
              } catch {
                return record;
              }
            }, seed),
          );
        fc.assert(
          fc.property(fc.array(damage, { minLength: 1, maxLength: 4 }), (records) => {
            survives(parsers[source], records);
          }),
          { numRuns: runs },
        );
      },
      timeout,
    );
  }
});
