import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { runDetectionPass } from '../../../src/server/analysis/alerts/detection-pass';
import type { Manifest } from '../../../src/server/demo/generator/index';
import { ingest } from '../../../src/server/ingest/pipeline/ingest';
import {
  countDetectionQueue,
  queueActivePeople,
} from '../../../src/server/db/queries/detection-queue';
import { loadDataset } from '../incidents/support';
import { startTestApp } from '../support/test-app';
import type { TestApp } from '../support/test-app';

let t: TestApp;
let manifest: Manifest;

beforeAll(async () => {
  t = await startTestApp();
  manifest = await loadDataset(t, { seed: 7, employees: 60, days: 30, endDate: '2026-11-20' });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function alertsOf(employeeId?: string) {
  let query = t.db.selectFrom('alerts').selectAll();
  if (employeeId) query = query.where('employee_id', '=', employeeId);
  return query.execute();
}

describe('detection over everyone', () => {
  it('ingest queues every person whose events arrived, in the batch itself', async () => {
    const people = await t.db
      .selectFrom('events')
      .select('employee_id')
      .distinct()
      .where('employee_id', 'is not', null)
      .execute();
    expect(people.length).toBeGreaterThan(50);
    expect(await countDetectionQueue(t.db)).toBe(people.length);
    expect(await alertsOf()).toEqual([]);
  });

  it('raises an alert for every storyline and for few people without one', async () => {
    const outcome = await runDetectionPass(t.database);
    expect(outcome.failed).toBe(0);
    expect(await countDetectionQueue(t.db)).toBe(0);
    const alerts = await alertsOf();
    const alerted = new Set(alerts.map((a) => a.employee_id));
    const storylines = manifest.scenarios;
    expect(storylines.length).toBeGreaterThan(5);
    const missed = storylines.filter((s) => !alerted.has(s.employeeId));
    expect(missed.map((s) => `${s.scenario} ${s.employeeId}`)).toEqual([]);

    const withStory = new Set(storylines.map((s) => s.employeeId));
    const employees = manifest.employees.map((e) => String(e.employee_id ?? e.id));
    const innocent = employees.filter((id) => !withStory.has(id));
    const falselyAlerted = innocent.filter((id) => alerted.has(id));
    // At most 2% of people without a storyline (rounded up: one person of 50).
    const why = falselyAlerted.map(
      (id) =>
        `${id}: ${alerts
          .filter((a) => a.employee_id === id)
          .map((a) => `${a.rule_id} (${a.why})`)
          .join(', ')}`,
    );
    expect(falselyAlerted.length, why.join('; ')).toBeLessThanOrEqual(
      Math.ceil(innocent.length * 0.02),
    );
  });

  it('links the events behind each alert, as many as it counts, inside its span', async () => {
    for (const alert of await alertsOf()) {
      const events = await t.db
        .selectFrom('alert_events')
        .select(['time'])
        .where('alert_id', '=', alert.id)
        .execute();
      expect(events.length).toBe(alert.event_count);
      expect(events.length).toBeGreaterThan(0);
      for (const event of events) {
        expect(Number(event.time)).toBeGreaterThanOrEqual(Number(alert.first_time));
        expect(Number(event.time)).toBeLessThanOrEqual(Number(alert.last_time));
      }
    }
  });

  it('a batch that adds to an alert extends it instead of raising another', async () => {
    const target = (await alertsOf()).find((a) => a.rule_id === 'mass-deletion');
    expect(target, 'the mass-deletion storyline raised its alert').toBeDefined();
    const before = await alertsOf(target!.employee_id);
    const employee = await t.db
      .selectFrom('employees')
      .select('email')
      .where('id', '=', target!.employee_id)
      .executeTakeFirstOrThrow();
    const at = Number(target!.last_time) + 60_000;
    const records = Array.from({ length: 5 }, (_, i) => ({
      activity: 'file_delete',
      action: 'FileDeleted',
      time: at + i * 1000,
      actorEmail: employee.email,
      sourceEventId: `extend-${i}`,
      file: { name: `late-${i}.docx` },
    }));
    const batch = await ingest(t.database, {
      source: 'normalized',
      input: { records },
      via: 'cli',
    });
    expect(batch).toMatchObject({ status: 'succeeded', accepted: 5 });
    expect(await countDetectionQueue(t.db)).toBe(1);
    const outcome = await runDetectionPass(t.database);
    expect(outcome).toMatchObject({ people: 1, failed: 0 });
    const after = await alertsOf(target!.employee_id);
    expect(after.length).toBe(before.length);
    const extended = after.find((a) => a.id === target!.id)!;
    expect(Number(extended.last_time)).toBeGreaterThanOrEqual(at + 4000);
    expect(extended.event_count).toBe(target!.event_count + 5);
  });

  it('the scheduled pass queues everyone active again, and asking again changes nothing', async () => {
    const before = await alertsOf();
    expect(await countDetectionQueue(t.db)).toBe(0);
    await queueActivePeople(t.db, t.dialect, 0, Date.now());
    const people = await t.db
      .selectFrom('events')
      .select('employee_id')
      .distinct()
      .where('employee_id', 'is not', null)
      .execute();
    expect(await countDetectionQueue(t.db)).toBe(people.length);
    const outcome = await runDetectionPass(t.database);
    expect(outcome).toMatchObject({ people: people.length, raised: 0, failed: 0 });
    const shape = (rows: Awaited<ReturnType<typeof alertsOf>>) =>
      rows
        .map((a) => [a.id, a.event_count, Number(a.first_time), Number(a.last_time)])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    expect(shape(await alertsOf())).toEqual(shape(before));
  });
});
