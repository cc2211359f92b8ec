import type { Selectable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Database } from '../../../src/server/db/schema';
import { foldCase } from '../../../src/server/db/fold-case';
import { findingsDb } from '../../../src/server/db/queries/findings/tables';
import { ingestGeneratedDataset } from '../../../src/server/demo/load-dataset';
import type { HuntRow } from '../../../src/shared/schemas/hunt';
import { startTestApp } from '../support/test-app';
import type { ApiClient, TestApp } from '../support/test-app';

type EventRow = Selectable<Database['events']>;

const DATASET = { employees: 12, days: 20, seed: 11, endDate: '2026-11-20' } as const;
const FROM = '2026-10-25';
const TO = '2026-11-22';

let t: TestApp;
let analyst: ApiClient;
let events: EventRow[];
/** event_file_labels: the label a person's file name carries, by `employee_id file_name`. */
let labels: Map<string, string | null>;

/** The label every screen shows: the event's own, else its file name's in the person's events. */
const shownLabel = (e: EventRow) =>
  e.file_label ??
  (e.employee_id === null || e.file_name === null
    ? null
    : (labels.get(`${e.employee_id} ${e.file_name}`) ?? null));
const inferredOnly = (e: EventRow) => e.file_label === null && shownLabel(e) !== null;

async function huntIds(q: string) {
  const ids: string[] = [];
  let cursor: string | null = null;
  let total = -1;
  for (let pages = 0; pages < 200; pages++) {
    const reply = await analyst.get('/hunt/events', {
      q,
      from: FROM,
      to: TO,
      limit: 500,
      ...(cursor ? { cursor } : {}),
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    if (total < 0) total = reply.body.total as number;
    ids.push(...(reply.body.rows as HuntRow[]).map((r) => r.id));
    cursor = reply.body.next as string | null;
    if (!cursor) break;
  }
  return { ids: ids.sort(), total };
}

/**
 * As a USB copy or an attachment arrives: half the labelled (person, file name) pairs lose the
 * label on all their events but the first, and the label is remembered in event_file_labels
 * as the rollups do. A fifth remember another label than their events carry, which the events'
 * own labels must win over.
 */
async function labelSomeByInference() {
  const labelled = await t.db
    .selectFrom('events')
    .select(['id', 'employee_id', 'file_name', 'file_label'])
    .where('file_label', 'is not', null)
    .where('file_name', 'is not', null)
    .where('employee_id', 'is not', null)
    .orderBy('id')
    .execute();
  const pairs = new Map<string, typeof labelled>();
  for (const e of labelled) {
    const key = `${e.employee_id} ${e.file_name}`;
    pairs.set(key, [...(pairs.get(key) ?? []), e]);
  }
  const others = [...new Set(labelled.map((e) => e.file_label!))];
  let n = 0;
  for (const [, [first, ...rest]] of pairs) {
    n++;
    let label = first!.file_label!;
    if (n % 2 === 0 && rest.length) {
      await t.db
        .updateTable('events')
        .set({ file_label: null })
        .where(
          'id',
          'in',
          rest.map((e) => e.id),
        )
        .execute();
    } else if (n % 5 === 1) {
      label = others.find((o) => o !== label) ?? label;
    } else continue;
    await findingsDb(t.db)
      .insertInto('event_file_labels')
      .values({ employee_id: first!.employee_id!, file_name: first!.file_name!, label })
      .onConflict((oc) => oc.columns(['employee_id', 'file_name']).doUpdateSet({ label }))
      .execute();
  }
}

beforeAll(async () => {
  t = await startTestApp();
  await ingestGeneratedDataset(t.database, DATASET);
  analyst = await t.signInAs('analyst');
  await labelSomeByInference();
  labels = new Map(
    (await findingsDb(t.db).selectFrom('event_file_labels').selectAll().execute()).map((l) => [
      `${l.employee_id} ${l.file_name}`,
      l.label,
    ]),
  );
  events = (await t.db.selectFrom('events').selectAll().execute())
    .map((e) => ({ ...e, id: Number(e.id), time: Number(e.time) }))
    .filter((e) => e.time >= Date.parse(FROM) && e.time < Date.parse(TO));
}, 180_000);
afterAll(() => t?.close());

describe('file.label finds the label every screen shows', () => {
  /** The label most often known only from the person's other events of the file. */
  function inferredLabel() {
    const counts = new Map<string, number>();
    for (const e of events.filter(inferredOnly)) {
      const label = shownLabel(e)!;
      counts.set(label, (counts.get(label) ?? 0) + 1);
    }
    const [label] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? [];
    expect(label, 'the organization has events labelled only by inference').toBeDefined();
    return label!;
  }

  /**
   * A query made from the label, whether it keeps (true) or leaves out the label's events, and
   * what else the events it finds must be.
   */
  const cases: Array<[string, (label: string) => [string, boolean, (e: EventRow) => boolean]]> = [
    ['the label ignoring case', (label) => [`file.label:${label.toUpperCase()}`, true, () => true]],
    [
      'NOT the label, keeping events without one',
      (label) => [`NOT file.label:"${label}"`, false, () => true],
    ],
    ['a wildcard of the label', (label) => [`file.label:${label.slice(0, 3)}*`, true, () => true]],
    [
      'the label with another field',
      (label) => [`file.label:"${label}" AND category:file`, true, (e) => e.category === 'file'],
    ],
  ];
  it.each(cases)('%s', async (_name, make) => {
    const label = inferredLabel();
    const [q, holds, also] = make(label);
    const matches = (e: EventRow) => {
      if (!also(e)) return false;
      const shown = shownLabel(e);
      const found =
        shown !== null &&
        (q.includes('*')
          ? foldCase(shown).startsWith(foldCase(label.slice(0, 3)))
          : foldCase(shown) === foldCase(label));
      return holds ? found : !found;
    };
    const expected = events
      .filter(matches)
      .map((e) => String(e.id))
      .sort();
    // Events the inference alone labels are among them (or, for NOT, among those left out).
    expect(events.some((e) => inferredOnly(e) && matches(e) === holds)).toBe(true);
    const found = await huntIds(q);
    expect(found.ids).toEqual(expected);
    expect(found.total).toBe(expected.length);
  });
});

describe('the label in the facets and the histogram', () => {
  it('counts the same events as the list', async () => {
    // A label some events show only by inference.
    const label = shownLabel(events.find(inferredOnly)!)!;
    const expected = events.filter((e) => {
      const shown = shownLabel(e);
      return shown !== null && foldCase(shown) === foldCase(label);
    });
    expect(expected.some(inferredOnly), 'some are labelled only by inference').toBe(true);
    const q = `file.label:"${label}"`;
    const byCategory = new Map<string, number>();
    for (const e of expected) byCategory.set(e.category, (byCategory.get(e.category) ?? 0) + 1);
    const facet = await analyst.get('/hunt/facets', { q, from: FROM, to: TO, field: 'category' });
    expect(facet.status, JSON.stringify(facet.body)).toBe(200);
    const values = facet.body.values as Array<{ value: string; count: number }>;
    expect(new Map(values.map((v) => [v.value, v.count]))).toEqual(byCategory);
    const histogram = await analyst.get('/hunt/histogram', { q, from: FROM, to: TO });
    expect(histogram.status, JSON.stringify(histogram.body)).toBe(200);
    const buckets = histogram.body.buckets as Array<{ count: number }>;
    expect(buckets.reduce((sum, b) => sum + b.count, 0)).toBe(expected.length);
  });
});
