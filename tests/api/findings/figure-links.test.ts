import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestApp } from '../support/test-app';
import type { ApiClient, TestApp } from '../support/test-app';
import { caseAbout } from './support/case-about';
import { insertEvents } from './support/insert-events';
import type { TestEvent } from './support/insert-events';

/**
 * Every figure opens the events behind it: each test reads a figure from its finding, then asks
 * the subject timeline for the figure's link (the filters the page links the figure with) and
 * finds exactly as many events as the figure says, page by page to the end.
 */

let t: TestApp;
let analyst: ApiClient;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WINDOW = { windowStart: '2026-10-01', windowEnd: '2026-11-05' } as const;
const START = Date.parse('2026-10-01T00:00:00Z');
type Get = Awaited<ReturnType<typeof caseAbout>>;

beforeAll(async () => {
  t = await startTestApp();
  analyst = await t.signInAs('analyst');
});
afterAll(async () => {
  await t.close();
});

const open = (employeeId: string) => caseAbout(t, analyst, employeeId, WINDOW);

/** The events the timeline lists for a link, read page by page, with the first page's total. */
async function timeline(get: Get, link: Record<string, string | number>) {
  const rows: Array<{ id: string; time: number; activity: string }> = [];
  let total: number | null = null;
  let cursor: string | null = null;
  for (let page = 0; page < 200; page++) {
    const reply: any = await get('timeline/events', {
      ...link,
      limit: 50,
      ...(cursor ? { cursor } : {}),
    });
    if (page === 0) total = reply.total;
    rows.push(...reply.rows);
    cursor = reply.nextCursor;
    if (!cursor) return { rows, total };
  }
  throw new Error('the timeline never ended');
}

/** Asserts the link lists `count` events and says so in its total; returns the rows. */
async function expectOpens(
  get: Get,
  name: string,
  link: Record<string, string | number>,
  count: number,
) {
  const { rows, total } = await timeline(get, link);
  expect(total, `${name}: total of ${JSON.stringify(link)}`).toBe(count);
  expect(rows.length, `${name}: rows of ${JSON.stringify(link)}`).toBe(count);
  return rows;
}

/** The overview's key figures that carry events each open as many as they count (a share: its events). */
async function expectOverviewOpens(get: Get) {
  const [summary, hours] = await Promise.all([get('summary'), get('findings/working-hours')]);
  for (const figure of summary.figures.filter((f: any) => f.events)) {
    const counted = figure.unit === '%' ? hours.offHoursEvents : figure.value;
    await expectOpens(get, `overview ${figure.id}`, figure.events, counted);
  }
  return summary.figures as Array<{ id: string; value: number; events: unknown }>;
}

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** Where an instant falls on a zone's clock, read by Intl (not by Vigil's code): weekday 0 Monday, hour. */
function clockOf(zone: string) {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    weekday: 'short',
    hour: '2-digit',
    hourCycle: 'h23',
  });
  return (time: number) => {
    const parts = format.formatToParts(new Date(time));
    const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
    return { weekday: WEEKDAYS.indexOf(part('weekday')), hour: Number(part('hour')) };
  };
}

describe('working hours: cells, weeks, off hours and days open the events they count', () => {
  const subject = 'E1005';
  const zone = 'Europe/Berlin';
  // Every UTC hour of every day of the window, one to four events: Berlin leaves daylight
  // saving on Sunday 25 October (02:00–03:00 happens twice), and local midnight is the
  // evening before in UTC.
  const times: number[] = [];
  for (let d = 0; d < 35; d++)
    for (let h = 0; h < 24; h++)
      for (let k = 0; k <= (d * 7 + h * 3) % 4; k++)
        times.push(START + d * DAY + h * HOUR + (5 + k * 11) * MINUTE);

  it('every heatmap cell lists exactly its events, in the subject’s zone, across the DST change', async () => {
    await insertEvents(
      t,
      times.map((time) => ({
        time,
        employee_id: subject,
        category: 'app',
        activity: 'app_access',
        app: 'Wiki',
      })),
    );
    const get = await open(subject);
    const hours = await get('findings/working-hours');
    expect(hours.timezone).toBe(zone);
    const clock = clockOf(zone);
    // Intl's count of each cell agrees with the heatmap: the heatmap is the figure under test.
    const oracle = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
    for (const time of times) {
      const { weekday, hour } = clock(time);
      oracle[weekday]![hour]! += 1;
    }
    expect(hours.heatmap).toEqual(oracle);

    // Each of the 168 cells: the timeline's total is the cell's count.
    for (let weekday = 0; weekday < 7; weekday++) {
      for (let hour = 0; hour < 24; hour++) {
        const reply = await get('timeline/events', {
          weekday: weekday + 1,
          hour,
          limit: 1,
        });
        expect(reply.total, `${WEEKDAYS[weekday]} ${hour}:00`).toBe(hours.heatmap[weekday][hour]);
      }
    }

    // Listed in full: Monday 0:00–1:00 (Sunday evening in UTC), Sunday 2:00–3:00 (twice on
    // 25 October) and Monday 22:00–23:00 (20:00 UTC before the change, 21:00 after).
    for (const [weekday, hour] of [
      [0, 0],
      [6, 2],
      [0, 22],
    ] as const) {
      const rows = await expectOpens(
        get,
        `${WEEKDAYS[weekday]} ${hour}:00`,
        { weekday: weekday + 1, hour },
        hours.heatmap[weekday][hour],
      );
      expect(
        rows.every((r) => clock(r.time).weekday === weekday && clock(r.time).hour === hour),
      ).toBe(true);
      const utcDays = new Set(rows.map((r) => new Date(r.time).getUTCDay()));
      if (weekday === 0 && hour === 0) expect([...utcDays]).toEqual([0]); // Sundays in UTC
      if (weekday === 0 && hour === 22)
        expect(new Set(rows.map((r) => new Date(r.time).getUTCHours()))).toEqual(new Set([20, 21]));
    }
    const sunday = await timeline(get, { weekday: 7, hour: 2 });
    const onChange = sunday.rows.filter(
      (r) =>
        r.time >= Date.parse('2026-10-25T00:00:00Z') && r.time < Date.parse('2026-10-25T02:00:00Z'),
    );
    expect(new Set(onChange.map((r) => new Date(r.time).getUTCHours()))).toEqual(new Set([0, 1]));

    // A weekday alone and an hour alone are the heatmap's row and column.
    const row = hours.heatmap[5].reduce((s: number, n: number) => s + n, 0);
    expect((await get('timeline/events', { weekday: 6, limit: 1 })).total).toBe(row);
    const column = hours.heatmap.reduce((s: number, r: number[]) => s + r[23]!, 0);
    expect((await get('timeline/events', { hour: 23, limit: 1 })).total).toBe(column);
  });

  it('the weeks, the off-hours share and the days off pattern open what they count', async () => {
    const get = await open(subject);
    const hours = await get('findings/working-hours');
    const offHours = `${hours.baseline.startHour}-${hours.baseline.endHour}`;
    expect(hours.weeks.length).toBeGreaterThan(4);
    for (const week of hours.weeks) {
      // The bar: the week's events; the point: those of them off hours.
      await expectOpens(
        get,
        `week of ${week.weekStart}`,
        { from: week.from, to: week.to },
        week.events,
      );
      await expectOpens(
        get,
        `off hours in the week of ${week.weekStart}`,
        { from: week.from, to: week.to, offHours },
        week.offHours,
      );
    }
    // The week with the change is 169 hours long on the subject's clock.
    const changed = hours.weeks.find((w: any) => w.weekStart === '2026-10-19');
    expect(changed.to - changed.from).toBe(169 * HOUR);

    const off = await expectOpens(get, 'Off hours', { offHours }, hours.offHoursEvents);
    expect(Math.round((off.length / hours.totalEvents) * 100)).toBe(
      Math.round(hours.offHoursShare * 100),
    );
    const clock = clockOf(zone);
    const { startHour, endHour } = hours.baseline;
    expect(
      off.every((r) => {
        const { weekday, hour } = clock(r.time);
        return weekday >= 5 || hour < startHour || hour >= endHour;
      }),
    ).toBe(true);

    expect(hours.anomalousDays.length).toBeGreaterThan(0);
    const days = hours.anomalousDays.map((d: any) => d.date).join(',');
    const counted = hours.anomalousDays.reduce((s: number, d: any) => s + d.events, 0);
    await expectOpens(get, 'Days off pattern', { days }, counted);
    await expectOverviewOpens(get);
  });
});

describe('PowerShell: starts, suspicious and encoded commands', () => {
  it('each figure lists its events, not the command lines that merely mention PowerShell', async () => {
    const subject = 'E1012';
    const at = Date.parse('2026-10-14T16:00:00Z');
    const event = (i: number, e: Omit<TestEvent, 'time' | 'employee_id'>): TestEvent => ({
      time: at + i * MINUTE,
      employee_id: subject,
      ...e,
    });
    const start = (i: number, name: string, command: string) =>
      event(i, {
        category: 'process',
        activity: 'process_start',
        process_name: name,
        command_line: command,
      });
    const script = (i: number, command: string) =>
      event(i, {
        category: 'script',
        activity: 'script_exec',
        process_name: 'powershell.exe',
        command_line: command,
      });
    await insertEvents(t, [
      start(1, 'powershell.exe', 'powershell.exe -NoProfile'),
      start(2, 'powershell.exe', 'powershell.exe -NoProfile -File build.ps1'),
      start(3, 'PowerShell.EXE', 'PowerShell.EXE'),
      start(4, 'pwsh.exe', 'pwsh.exe -enc SQBFAFgA'),
      start(5, 'cmd.exe', 'cmd.exe /c powershell -enc SQBFAFgA '),
      start(6, 'cmd.exe', 'cmd.exe /c dir'),
      script(7, 'Set-MpPreference -DisableRealtimeMonitoring $true'),
      script(8, 'Set-MpPreference -DisableRealtimeMonitoring $true; wevtutil cl Security'),
      script(9, 'powershell -EncodedCommand SQBFAFgA'),
      script(10, 'Get-Date'),
    ]);
    const get = await open(subject);
    const ps = await get('findings/powershell-pseudo-commands');
    expect(ps.summary).toMatchObject({ powershellProcesses: 4, scriptBlocks: 4 });
    expect(ps.summary.suspicious).toBe(5);
    expect(ps.summary.encoded).toBe(3);
    await expectOpens(
      get,
      'PowerShell starts',
      { activity: 'process_start', process: 'powershell,pwsh' },
      ps.summary.powershellProcesses,
    );
    await expectOpens(get, 'Suspicious', { flag: 'command' }, ps.summary.suspicious);
    await expectOpens(get, 'Encoded', { flag: 'command:encoded-command' }, ps.summary.encoded);
    const figures = await expectOverviewOpens(get);
    expect(figures.find((f) => f.id === 'commands')).toMatchObject({
      value: 5,
      events: { flag: 'command' },
    });
  });
});

describe('file access: the figures and every flow of the sankey', () => {
  it('file events, sensitive, left company storage and each flow open what they count, per label', async () => {
    const subject = 'E1004';
    const at = Date.parse('2026-10-12T10:00:00Z');
    let i = 0;
    const e = (x: Omit<TestEvent, 'time' | 'employee_id'>): TestEvent => ({
      time: at + ++i * MINUTE,
      employee_id: subject,
      ...x,
    });
    const file = (
      label: string | null,
      activity: string,
      destination: string | null = null,
      name?: string,
    ) =>
      e({
        category: 'file',
        activity,
        file_name: name ?? `${label ?? 'Plain'} file ${i}.docx`,
        file_label: label,
        file_destination: destination,
      });
    await insertEvents(t, [
      file('Confidential', 'file_download', null, 'Plan.docx'),
      file('Confidential', 'usb_write', 'usb', 'Plan.docx'),
      // The same file without its label: the findings read it as Confidential.
      file(null, 'file_view', null, 'Plan.docx'),
      file('Highly Confidential', 'file_share_external', 'external_share'),
      file('Public', 'file_upload', 'cloud'),
      file(null, 'file_print'),
      file(null, 'file_download'),
      // Mail and chat that carried a file out count as file movements; mail that did not, not.
      e({
        category: 'email',
        activity: 'email_send',
        file_name: 'notes.txt',
        file_destination: 'personal_email',
      }),
      e({
        category: 'email',
        activity: 'email_send',
        file_name: 'Q4.xlsx',
        file_label: 'Confidential',
        file_destination: 'external_email',
      }),
      e({ category: 'email', activity: 'email_send', email_subject: 'Lunch?' }),
      e({
        category: 'chat',
        activity: 'chat_file_share',
        file_name: 'deck.pptx',
        file_label: 'Public',
        file_destination: 'external_share',
      }),
    ]);
    const get = await open(subject);
    const all = await get('findings/file-access');
    expect(all.totals).toMatchObject({ events: 10, leaving: 6, sensitive: 5 });
    await expectOpens(get, 'File events', { files: 'all' }, all.totals.events);
    await expectOpens(get, 'Left company storage', { files: 'leaving' }, all.totals.leaving);
    await expectOpens(
      get,
      'Sensitive',
      { files: 'all', label: all.sensitiveLabels.join(',') },
      all.totals.sensitive,
    );
    for (const label of ['Confidential', 'Public', 'Unlabeled']) {
      const one = await get('findings/file-access', { label });
      expect(one.totals.events, label).toBeGreaterThan(0);
      await expectOpens(get, `${label} file events`, { files: 'all', label }, one.totals.events);
      await expectOpens(get, `${label} left`, { files: 'leaving', label }, one.totals.leaving);
    }
    for (const label of [null, 'Unlabeled', 'Confidential']) {
      const sankey = await get('findings/file-access/sankey', label ? { label } : {});
      expect(sankey.links.length).toBeGreaterThan(2);
      for (const link of sankey.links) {
        const name = `${label ?? 'all'}: ${sankey.nodes[link.source].label} → ${sankey.nodes[link.target].label}`;
        await expectOpens(get, name, link.events, link.value);
      }
    }
  });
});

describe('communications: the contact figures, the graph’s edges and the external mail', () => {
  const subject = 'E1006';
  const colleague = 'sofia.rossi@northwind.example';
  const competitor = 'buyer@contoso.example';
  const personal = 'lucas.home@gmail.com';

  beforeAll(async () => {
    const at = Date.parse('2026-10-20T15:00:00Z');
    let i = 0;
    const e = (x: Omit<TestEvent, 'time' | 'employee_id'>, who = subject): TestEvent => ({
      time: at + ++i * MINUTE,
      employee_id: who,
      ...x,
    });
    const mail = (to: string[], external: boolean, attachments = 0) =>
      e({
        category: 'email',
        activity: 'email_send',
        email_subject: 'Numbers',
        email_recipients: JSON.stringify(to),
        email_external: external ? 1 : 0,
        email_attachments: attachments,
      });
    const post = (channel: string, text: string, direct = 0) =>
      e({
        category: 'chat',
        activity: 'chat_message',
        chat_channel: channel,
        chat_text: text,
        chat_direct: direct,
      });
    await insertEvents(t, [
      mail([colleague], false),
      mail([colleague], false),
      mail([colleague], false),
      mail([competitor], true, 2),
      mail([competitor], true),
      mail([personal], true, 1),
      mail([personal], true),
      // One mail to two contacts: each edge counts it.
      mail([colleague, competitor], true),
      e({
        category: 'file',
        activity: 'file_share_external',
        file_name: 'Terms.pdf',
        target: 'partner@customer.example',
      }),
      post('deals', 'Contoso pricing is lower'),
      ...[1, 2, 3, 4].map(() => post('deals', 'standup')),
      post('dm-sofia', 'hi', 1),
      // The colleague writes back: their events, not the subject's.
      ...[1, 2, 3, 4, 5].map(() =>
        e(
          {
            category: 'email',
            activity: 'email_send',
            email_recipients: JSON.stringify(['lucas.martin@northwind.example']),
          },
          'E1007',
        ),
      ),
    ]);
  });

  it('each of the subject’s edges opens their messages with that contact, under pseudonyms', async () => {
    const get = await open(subject);
    for (const hops of [1, 2]) {
      const graph = await get('findings/communications-analysis', { hops });
      // The reply names no employee's address: the keys are what survive redaction.
      expect(JSON.stringify(graph)).not.toContain(colleague);
      const subjectId = graph.nodes.find((n: any) => n.kind === 'subject').id;
      const own = graph.edges.filter((edge: any) => edge.subjectEvents);
      expect(own.length).toBe(5);
      for (const edge of own) {
        expect([edge.source, edge.target]).toContain(subjectId);
        const other = graph.nodes.find(
          (n: any) => n.id === (edge.source === subjectId ? edge.target : edge.source),
        );
        await expectOpens(
          get,
          `${hops} hops, subject – ${other.label}`,
          { counterpart: edge.subjectEvents.counterpart },
          edge.subjectEvents.count,
        );
      }
      const counts = own
        .map((edge: any) => edge.subjectEvents.count)
        .sort((a: number, b: number) => a - b);
      expect(counts).toEqual([1, 2, 3, 4, 5]);
      const toColleague = own.find((edge: any) => edge.subjectEvents.count === 4);
      // At two hops the colleague's five replies join the edge; the subject's four stay its link.
      expect(toColleague.weight).toBe(hops === 1 ? 4 : 9);
      // No edge between other people carries a link.
      expect(
        graph.edges.filter(
          (edge: any) => edge.subjectEvents && ![edge.source, edge.target].includes(subjectId),
        ),
      ).toEqual([]);
    }
  });

  it('Contacts, Outside the company, Competitor contacts and Personal addresses open the messages with them', async () => {
    const get = await open(subject);
    const graph = await get('findings/communications-analysis', { hops: 1 });
    expect(graph.summary).toEqual({ contacts: 5, external: 3, competitors: 1, personal: 1 });
    const subjectId = graph.nodes.find((n: any) => n.kind === 'subject').id;
    const keysOf = (keep: (node: any) => boolean) =>
      graph.edges
        .filter((edge: any) => edge.subjectEvents)
        .filter((edge: any) =>
          keep(
            graph.nodes.find(
              (n: any) => n.id === (edge.source === subjectId ? edge.target : edge.source),
            ),
          ),
        )
        .map((edge: any) => edge.subjectEvents.counterpart);
    // As many contacts as the figure, and their messages: a mail to two of them is one event.
    const tiles: Array<[string, number, (node: any) => boolean, number]> = [
      ['Contacts', graph.summary.contacts, () => true, 14],
      ['Outside the company', graph.summary.external, (n) => n.external, 6],
      ['Competitor contacts', graph.summary.competitors, (n) => n.competitor !== null, 3],
      ['Personal addresses', graph.summary.personal, (n) => n.personal, 2],
    ];
    for (const [name, figure, keep, messages] of tiles) {
      const keys = keysOf(keep);
      expect(keys.length, name).toBe(figure);
      await expectOpens(get, name, { counterpart: keys.join(',') }, messages);
    }

    const mail = await get('findings/external-emails');
    expect(mail.summary).toMatchObject({ external: 5, withAttachments: 2 });
    await expectOpens(get, 'External', { flag: 'external_email' }, mail.summary.external);
    await expectOpens(
      get,
      'With attachments',
      { flag: 'external_email', attachments: '1' },
      mail.summary.withAttachments,
    );
    const figures = await expectOverviewOpens(get);
    expect(figures.find((f) => f.id === 'competitor-mentions')?.value).toBe(4);
  });

  it('a key of no contact of the subject opens nothing', async () => {
    const get = await open(subject);
    const reply = await get('timeline/events', { counterpart: 'c-00000000' });
    expect(reply.total).toBe(0);
    expect(reply.rows).toEqual([]);
  });
});

describe('access requests and app access', () => {
  it('Flagged, Approved and Pending open the requests they count', async () => {
    const subject = 'E1008';
    const at = Date.parse('2026-10-09T14:00:00Z');
    const request = (i: number, target: string, role: string, status: string): TestEvent => ({
      time: at + i * HOUR,
      employee_id: subject,
      category: 'access_request',
      activity: 'access_request',
      target,
      attributes: JSON.stringify({ role, status }),
    });
    await insertEvents(t, [
      request(1, 'Salesforce', 'Admin', 'Approved'),
      request(2, 'Wiki', 'Viewer', 'Pending'),
      request(3, 'Docs', 'Reader', 'Approved'),
      request(4, 'Payroll', 'Owner', 'Rejected'),
    ]);
    const get = await open(subject);
    const requests = await get('findings/access-requests');
    expect(requests.summary).toMatchObject({ total: 4, flagged: 2, approved: 2, pending: 1 });
    // The page links each figure by the ids of the requests it counts.
    const ids = (keep: (r: any) => boolean) =>
      requests.requests
        .filter(keep)
        .map((r: any) => r.id)
        .join(',');
    await expectOpens(get, 'Flagged', { ids: ids((r) => r.flagged) }, requests.summary.flagged);
    await expectOpens(
      get,
      'Approved',
      { ids: ids((r) => /approved/i.test(r.status)) },
      requests.summary.approved,
    );
    await expectOpens(
      get,
      'Pending',
      { ids: ids((r) => /pending/i.test(r.status)) },
      requests.summary.pending,
    );
    const figures = await expectOverviewOpens(get);
    expect(figures.find((f) => f.id === 'access-requests')?.value).toBe(2);
  });

  it('the app-access off-hours share opens its accesses, outside the subject’s hours in London', async () => {
    const subject = 'E1009';
    // Accesses at every third UTC hour for three weeks around the change of 25 October.
    const times: number[] = [];
    for (let d = 14; d < 35; d++)
      for (let h = 1; h < 24; h += 3) times.push(START + d * DAY + h * HOUR + 10 * MINUTE);
    await insertEvents(
      t,
      times.map((time) => ({
        time,
        employee_id: subject,
        category: 'app',
        activity: 'app_access',
        app: 'Okta',
      })),
    );
    const get = await open(subject);
    const stats = await get('findings/app-access/stats');
    expect(stats.workingHours).toEqual({ startHour: 9, endHour: 17 });
    const clock = clockOf('Europe/London');
    const off = times.filter((time) => {
      const { weekday, hour } = clock(time);
      return weekday >= 5 || hour < 9 || hour >= 17;
    }).length;
    expect(stats.offHoursEvents).toBe(off);
    const rows = await expectOpens(
      get,
      'App access off hours',
      { category: 'app', offHours: '9-17' },
      off,
    );
    expect(Math.round((rows.length / stats.accesses) * 100)).toBe(
      Math.round(stats.offHoursShare * 100),
    );
  });
});

describe('the OpenAPI document', () => {
  it('lists the timeline’s figure filters, from the same schema', async () => {
    const reply = await analyst.get('/openapi.json');
    expect(reply.status).toBe(200);
    const path = Object.keys(reply.body.paths).find((p) => p.endsWith('/timeline/events'))!;
    const names = reply.body.paths[path].get.parameters.map((p: any) => p.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'weekday',
        'hour',
        'offHours',
        'days',
        'files',
        'flag',
        'attachments',
        'process',
        'counterpart',
        'ids',
      ]),
    );
  });
});

describe('bad filters get a 400 with a sentence', () => {
  let caseId = '';
  beforeAll(async () => {
    caseId = (await open('E1010')).id;
  });
  it.each([
    [{ weekday: '0' }, /weekday: must be a weekday \(1 Monday … 7 Sunday\)/],
    [{ weekday: '8' }, /weekday/],
    [{ weekday: 'Monday' }, /weekday/],
    [{ hour: '24' }, /hour: must be an hour of the day: a whole number from 0 to 23/],
    [{ hour: '-1' }, /hour/],
    [{ offHours: '9' }, /offHours: must be working hours as START-END, such as 9-17/],
    [{ offHours: '9-9' }, /offHours/],
    [{ offHours: '25-3' }, /offHours/],
    [{ days: '2026-10-xx' }, /days: One of the values is not a date written YYYY-MM-DD/],
    [{ days: '2026-02-31' }, /days: names a date that does not exist/],
    [{ files: 'some' }, /files: must be one of all, leaving, staying/],
    [{ flag: 'rumour' }, /flag: must be one of external_email, competitor, command/],
    [{ attachments: 'yes' }, /attachments: must be 1/],
    [{ process: 'power shell' }, /process: One of the values is not a word of a process name/],
    [
      { counterpart: 'sofia.rossi@northwind.example' },
      /counterpart: One of the values is not a contact key/,
    ],
    [{ ids: '12,abc' }, /ids: One of the values is not an event id/],
    [{ ids: '0' }, /ids/],
  ])('%j', async (query, message) => {
    const reply = await analyst.get(`/investigations/${caseId}/timeline/events`, query);
    expect(reply.status).toBe(400);
    expect(reply.body.message).toMatch(message);
    expect(reply.body.message).toMatch(/^The query string is invalid: .*\.$/);
  });
});
