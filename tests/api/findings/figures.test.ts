import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { runAnalysis } from '../../../src/server/analysis/runs/run-analysis';
import { startTestApp } from '../support/test-app';
import type { ApiClient, TestApp } from '../support/test-app';
import { caseAbout as openCase } from './support/case-about';
import { insertEvents } from './support/insert-events';
import type { TestEvent } from './support/insert-events';

/**
 * A figure counts what its table, chart or drill-down lists: each test reads a figure and the
 * rows behind it from the API, on events written for the purpose.
 */

let t: TestApp;
let analyst: ApiClient;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const WINDOW = { windowStart: '2026-10-01', windowEnd: '2026-11-05' } as const;

beforeAll(async () => {
  t = await startTestApp();
  analyst = await t.signInAs('analyst');
});
afterAll(async () => {
  await t.close();
});

/** Opens a case about an employee over WINDOW, marked as analysed; returns a GET of its paths. */
const caseAbout = (employeeId: string) => openCase(t, analyst, employeeId, WINDOW);

/** Events at local wall-clock times of a zone with a fixed offset that day (hours from UTC). */
function localTimes(date: string, offsetHours: number, times: readonly string[]): number[] {
  return times.map((hm) => Date.parse(`${date}T${hm}:00Z`) - offsetHours * HOUR);
}

/** `n` events every `step` minutes from a local time. */
function every(date: string, offsetHours: number, from: string, n: number, step: number) {
  const start = localTimes(date, offsetHours, [from])[0]!;
  return Array.from({ length: n }, (_, i) => start + i * step * MINUTE);
}

const activity = (employeeId: string) => (time: number) =>
  ({
    time,
    employee_id: employeeId,
    category: 'app',
    activity: 'app_access',
    app: 'Wiki',
  }) as const;

/**
 * Two weeks of office hours, then a Saturday spent awake around midnight: the subject's local
 * Saturday starts and ends on a different UTC date, and a few events fall just after it.
 */
function lateWeekend(employeeId: string, offsetHours: number): TestEvent[] {
  const office: number[] = [];
  for (let d = 5; d <= 16; d++) {
    const date = `2026-10-${String(d).padStart(2, '0')}`;
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    office.push(...every(date, offsetHours, '10:00', 10, 30));
  }
  return [
    ...office,
    // Friday night into Saturday, and Saturday night up to midnight.
    ...every('2026-10-17', offsetHours, '00:05', 8, 15),
    ...every('2026-10-17', offsetHours, '22:00', 7, 15),
    // Sunday just after midnight: another local day.
    ...every('2026-10-18', offsetHours, '00:10', 3, 10),
    // Friday late evening: the local day before.
    ...every('2026-10-16', offsetHours, '23:20', 2, 15),
  ].map(activity(employeeId));
}

describe('working hours: a day row and its drill-down count the same events', () => {
  for (const zone of [
    { employeeId: 'E1005', timezone: 'Asia/Tokyo', offset: 9 },
    { employeeId: 'E1008', timezone: 'America/Los_Angeles', offset: -7 },
  ]) {
    it(`a day in ${zone.timezone} lists exactly the events its row counted, in that zone`, async () => {
      await t.db
        .updateTable('employees')
        .set({ timezone: zone.timezone })
        .where('id', '=', zone.employeeId)
        .execute();
      await insertEvents(t, lateWeekend(zone.employeeId, zone.offset));
      const get = await caseAbout(zone.employeeId);
      const hours = await get('findings/working-hours');
      expect(hours.timezone).toBe(zone.timezone);
      const saturday = hours.anomalousDays.find((d: any) => d.date === '2026-10-17');
      expect(saturday, JSON.stringify(hours.anomalousDays)).toBeDefined();
      expect(saturday.events).toBe(15);
      // The local day, as instants.
      expect(saturday.from).toBe(Date.parse('2026-10-17T00:00:00Z') - zone.offset * HOUR);
      expect(saturday.to).toBe(Date.parse('2026-10-18T00:00:00Z') - zone.offset * HOUR);
      for (const day of hours.anomalousDays) {
        const events = await get('events', { from: day.from, to: day.to, limit: 500 });
        expect(events.total).toBe(day.events);
        expect(events.rows).toHaveLength(day.events);
      }
    });
  }

  it('a daylight-saving day is 25 hours long, and its drill-down holds all of them', async () => {
    // America/Los_Angeles leaves daylight saving on Sunday 2026-11-01 at 02:00 (09:00 UTC).
    const sunday = Date.parse('2026-11-01T07:00:00Z');
    const events = Array.from({ length: 25 }, (_, h) => sunday + h * HOUR + 20 * MINUTE).map(
      activity('E1007'),
    );
    await t.db
      .updateTable('employees')
      .set({ timezone: 'America/Los_Angeles' })
      .where('id', '=', 'E1007')
      .execute();
    await insertEvents(t, events);
    const get = await caseAbout('E1007');
    const hours = await get('findings/working-hours');
    const day = hours.anomalousDays.find((d: any) => d.date === '2026-11-01');
    expect(day).toMatchObject({ events: 25, from: sunday, to: sunday + 25 * HOUR });
    const listed = await get('events', { from: day.from, to: day.to, limit: 500 });
    expect(listed.total).toBe(25);
  });
});

/** File events of one subject: labels, actions and where the files went. */
function fileEvents(employeeId: string): TestEvent[] {
  const at = Date.parse('2026-10-12T10:00:00Z');
  const file = (
    i: number,
    label: string | null,
    activityName: string,
    destination: string | null = null,
  ): TestEvent => ({
    time: at + i * MINUTE,
    employee_id: employeeId,
    category: 'file',
    activity: activityName,
    file_id: `f-${label ?? 'none'}-${i}`,
    file_name: `${label ?? 'Plain'} report ${i}.docx`,
    file_label: label,
    file_destination: destination,
  });
  return [
    file(1, 'Confidential', 'file_download'),
    file(2, 'Confidential', 'file_download'),
    file(3, 'Confidential', 'usb_write', 'usb'),
    file(4, 'Confidential', 'file_upload', 'cloud'),
    file(5, 'Confidential', 'file_view'),
    file(6, 'Highly Confidential', 'file_download'),
    file(7, 'Highly Confidential', 'file_share_external', 'external_share'),
    file(8, 'Public', 'file_download'),
    file(9, 'Public', 'file_upload', 'cloud'),
    file(10, 'Public', 'file_view'),
    file(11, null, 'file_print'),
  ];
}

describe('file access: a label filters every figure and the sankey, as it does the files', () => {
  it('with a label chosen, the totals, the sankey and the file list count the same files', async () => {
    await insertEvents(t, fileEvents('E1004'));
    const get = await caseAbout('E1004');
    for (const label of ['Confidential', 'Highly Confidential', 'Public', 'Unlabeled']) {
      const totals = await get('findings/file-access', { label });
      const sankey = await get('findings/file-access/sankey', { label });
      const files = await get('findings/file-access/files', { label });
      const fileRows = files.files as Array<{ label: string; events: number; leaving: number }>;
      expect(fileRows.every((f) => f.label === label)).toBe(true);
      expect(totals.totals.events).toBe(fileRows.reduce((s, f) => s + f.events, 0));
      expect(totals.totals.leaving).toBe(fileRows.reduce((s, f) => s + f.leaving, 0));
      expect(totals.byLabel.map((l: any) => l.label)).toEqual([label]);
      // The sankey starts from the chosen label alone, and what it draws leaving is the figure.
      const labelNodes = sankey.nodes.filter((n: any) => n.column === 'label');
      expect(labelNodes.map((n: any) => n.label)).toEqual([label]);
      const leaving = sankey.links
        .filter((l: any) => sankey.nodes[l.source].column === 'label' && l.leaving)
        .reduce((s: number, l: any) => s + l.value, 0);
      expect(leaving).toBe(totals.totals.leaving);
      // Every label stays a choice.
      expect(totals.labels).toEqual([
        'Public',
        'Internal',
        'Confidential',
        'Highly Confidential',
        'Unlabeled',
      ]);
    }
    const confidential = await get('findings/file-access', { label: 'Confidential' });
    expect(confidential.totals).toMatchObject({ events: 5, leaving: 2, sensitive: 5 });
    const all = await get('findings/file-access');
    expect(all.totals).toMatchObject({ events: 11, leaving: 4 });
    const bad = await analyst.get(`/investigations/${get.id}/findings/file-access/sankey`, {
      label: 'Secret',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/That label is not a sensitivity label/);
  });
});

describe('the figures of the case summary and of app access agree with their tables', () => {
  it('"New applications" counts the apps the table flags as new', async () => {
    const start = Date.parse('2026-10-01T15:00:00Z');
    const day = 86_400_000;
    const use = (employeeId: string, app: string, dayIndex: number): TestEvent => ({
      time: start + dayIndex * day,
      employee_id: employeeId,
      category: 'app',
      activity: 'app_access',
      app,
    });
    // The subject (Sales) signs in to Salesforce from the start; later to Gong, which a
    // colleague in Sales uses too, and to Dropbox, which no one else in Sales uses.
    await insertEvents(t, [
      ...Array.from({ length: 25 }, (_, i) => use('E1006', 'Salesforce', i)),
      ...[20, 21, 22].map((i) => use('E1006', 'Gong', i)),
      ...[23, 24].map((i) => use('E1006', 'Dropbox', i)),
      use('E1007', 'Gong', 2),
    ]);
    const get = await caseAbout('E1006');
    const [apps, stats] = await Promise.all([
      get('findings/app-access'),
      get('findings/app-access/stats'),
    ]);
    const flaggedNew = apps.apps.filter((a: any) =>
      a.reasons.some((r: string) => r.startsWith('first used')),
    );
    expect(flaggedNew.map((a: any) => a.app)).toEqual(['Dropbox']);
    expect(stats.newApps).toBe(flaggedNew.length);
    expect(apps.apps.filter((a: any) => a.newFlagged).map((a: any) => a.app)).toEqual(['Dropbox']);
  });

  it('"Sensitive files to risky places" is what the file-access page counts to risky places, not mail to business partners', async () => {
    const at = Date.parse('2026-10-14T14:00:00Z');
    const mail = (i: number, destination: string): TestEvent => ({
      time: at + i * MINUTE,
      employee_id: 'E1003',
      category: 'email',
      activity: 'email_send',
      file_name: `Pricing ${i}.xlsx`,
      file_label: 'Confidential',
      file_destination: destination,
      email_recipients: JSON.stringify([`buyer${i}@customer.example`]),
      email_subject: `Pricing ${i}`,
    });
    await insertEvents(
      t,
      [1, 2, 3, 4].map((i) => mail(i, 'external_email')),
    );
    const get = await caseAbout('E1003');
    const figure = async () =>
      (await get('summary')).figures.find((f: any) => f.id === 'sensitive-leaving');
    const page = await get('findings/file-access');
    const risky = page.byLabel
      .filter((l: any) => page.sensitiveLabels.includes(l.label))
      .reduce((s: number, l: any) => s + l.leavingRisky, 0);
    // Four sensitive files went to business addresses outside the company: they left (the
    // page's "Left company storage" says so) but none went to a risky place.
    expect(page.totals.leaving).toBe(4);
    expect(risky).toBe(0);
    expect(await figure()).toMatchObject({ value: 0, label: 'Sensitive files to risky places' });
    // A copy to USB is a risky place: the figure and the page's count move together.
    await insertEvents(t, [
      {
        time: at + HOUR,
        employee_id: 'E1003',
        category: 'file',
        activity: 'usb_write',
        file_name: 'Pricing 1.xlsx',
        file_label: 'Confidential',
        file_destination: 'usb',
      },
    ]);
    const after = await get('findings/file-access');
    const confidential = after.byLabel.find((l: any) => l.label === 'Confidential');
    expect(confidential.leavingRisky).toBe(1);
    expect((await figure()).value).toBe(1);
  });

  it('the risk score’s external transfers count the places the sensitive figure counts', async () => {
    const at = Date.parse('2026-10-20T15:00:00Z');
    const moved = (i: number, activityName: string, destination: string, category = 'file') =>
      ({
        time: at + i * MINUTE,
        employee_id: 'E1002',
        category,
        activity: activityName,
        file_name: `Roadmap ${i}.pptx`,
        file_label: 'Highly Confidential',
        file_destination: destination,
      }) satisfies TestEvent;
    // Shared outside the company twice, and mailed once to a business partner (not risky).
    await insertEvents(t, [
      moved(1, 'file_share_external', 'external_share'),
      moved(2, 'chat_file_share', 'external_share', 'chat'),
      moved(3, 'email_send', 'external_email', 'email'),
    ]);
    const get = await caseAbout('E1002');
    await runAnalysis(t.database, get.id);
    const summary = await get('summary');
    const figure = summary.figures.find((f: any) => f.id === 'sensitive-leaving');
    expect(figure.value).toBe(2);
    const risk = await get('risk');
    const transfers = risk.parts.find((p: any) => p.id === 'exfiltration');
    // Every sensitive movement to a risky place is an external transfer, in the count and in
    // the sentence that explains it.
    expect(transfers.evidence.eventCount).toBe(2);
    expect(transfers.sentence).toBe(
      '2 transfers to removable media, personal mailboxes, personal cloud storage, public links or external shares.',
    );
  });
});

describe('deletions: a day of the chart and a burst list the deletions they count', () => {
  it('the drill-down of a day holds its deletions and nothing else the subject did', async () => {
    const day = Date.parse('2026-10-21T00:00:00Z');
    const at = (minutes: number, activityName: string, category: string): TestEvent => ({
      time: day + 9 * HOUR + minutes * MINUTE,
      employee_id: 'E1001',
      category,
      activity: activityName,
      file_name: `Old ${minutes}.txt`,
    });
    await insertEvents(t, [
      ...[1, 2, 3].map((m) => at(m, 'file_delete', 'file')),
      ...[4, 5].map((m) => at(m, 'chat_delete', 'chat')),
      at(6, 'email_delete', 'email'),
      ...[7, 8, 9, 10].map((m) => at(m, 'file_download', 'file')),
    ]);
    const get = await caseAbout('E1001');
    const deletions = await get('findings/deletions');
    const counted = deletions.daily.find((d: any) => d.date === '2026-10-21');
    expect(counted).toEqual({ date: '2026-10-21', files: 3, mail: 1, messages: 2 });
    const listed = await get('events', {
      from: day,
      to: day + 86_400_000,
      activity: 'file_delete,email_delete,chat_delete',
      limit: 500,
    });
    expect(listed.total).toBe(counted.files + counted.mail + counted.messages);
    expect(listed.rows.every((e: any) => /_delete$/.test(e.activity))).toBe(true);
  });
});
