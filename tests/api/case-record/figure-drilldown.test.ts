import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestApp } from '../support/test-app';
import type { ApiClient, TestApp } from '../support/test-app';
import { insertEvents } from '../findings/support/insert-events';
import type { TestEvent } from '../findings/support/insert-events';

/**
 * A figure opens the subject timeline on the events behind it: the timeline, filtered as the
 * figure's link filters it, lists exactly as many events as the figure says.
 */

let t: TestApp;
let analyst: ApiClient;
let caseId: string;

const SUBJECT = 'E1006';
const MINUTE = 60_000;
const DAY = 86_400_000;
const START = Date.parse('2026-10-01T00:00:00Z');

/** A week of mixed activity: sign-ins (some failed), files to USB and out, mail, deletions, repos. */
function dataset(): TestEvent[] {
  const events: TestEvent[] = [];
  const at = (day: number, minute: number) => START + day * DAY + 9 * 3_600_000 + minute * MINUTE;
  const add = (day: number, minute: number, e: Omit<TestEvent, 'time' | 'employee_id'>) =>
    events.push({ time: at(day, minute), employee_id: SUBJECT, ...e });
  for (let day = 0; day < 7; day++) {
    for (let i = 0; i < 6; i++) {
      add(day, i, {
        source: 'okta',
        category: 'app',
        activity: 'app_access',
        app: i % 2 ? 'Salesforce' : 'Jira',
        outcome: i === 5 ? 'failure' : 'success',
      });
    }
    add(day, 10, {
      source: 'windows',
      category: 'file',
      activity: 'usb_write',
      file_name: `Pricing ${day}.xlsx`,
      file_destination: 'usb',
    });
    add(day, 11, {
      source: 'm365',
      category: 'file',
      activity: 'file_download',
      file_name: `Pricing ${day}.xlsx`,
      file_label: day % 2 ? 'Confidential' : 'Highly Confidential',
    });
    add(day, 12, {
      source: 'm365',
      category: 'email',
      activity: 'email_send',
      file_name: `Plan ${day}.docx`,
      file_label: 'Confidential',
      file_destination: day < 3 ? 'personal_email' : 'external_email',
      email_recipients: JSON.stringify([day < 3 ? 'me@gmail.com' : 'buyer@customer.example']),
      email_external: 1,
    });
    add(day, 13, {
      source: 'windows',
      category: 'file',
      activity: 'file_delete',
      file_name: `Old ${day}.txt`,
    });
    if (day % 2) add(day, 14, { source: 'slack', category: 'chat', activity: 'chat_delete' });
    add(day, 15, {
      source: 'github',
      category: 'repo',
      activity: 'repo_clone',
      repository: `org/r${day}`,
    });
    if (day === 4)
      add(day, 16, {
        source: 'github',
        category: 'repo',
        activity: 'repo_download',
        repository: 'org/r9',
      });
    if (day === 5)
      add(day, 17, {
        source: 'normalized',
        category: 'access_request',
        activity: 'access_request',
        target: 'prod-db',
      });
  }
  return events;
}

/** The number of events the timeline lists for a filter, read page by page to the end. */
async function listed(filter: Record<string, string | number>) {
  let cursor: string | null = null;
  let rows = 0;
  let total: number | null = null;
  for (let pages = 0; pages < 100; pages++) {
    const reply: { status: number; body: any } = await analyst.get(
      `/investigations/${caseId}/timeline/events`,
      { ...filter, limit: 7, ...(cursor ? { cursor } : {}) },
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    if (pages === 0) total = reply.body.total;
    rows += reply.body.rows.length;
    cursor = reply.body.nextCursor;
    if (!cursor) return { rows, total };
  }
  throw new Error('the timeline never ended');
}

async function get(path: string) {
  const reply = await analyst.get(`/investigations/${caseId}/${path}`);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body;
}

beforeAll(async () => {
  t = await startTestApp();
  analyst = await t.signInAs('analyst');
  await insertEvents(t, dataset());
  const reply = await analyst.post('/investigations', {
    title: 'Figures of E1006',
    subjectEmployeeId: SUBJECT,
    windowStart: '2026-10-01',
    windowEnd: '2026-10-20',
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  caseId = reply.body.id;
  await t.db
    .updateTable('investigations')
    .set({ analysis_state: 'idle' })
    .where('id', '=', caseId)
    .execute();
});
afterAll(async () => {
  await t.close();
});

describe('every figure that counts events opens exactly those events', () => {
  it('the case overview: each key figure carrying events lists as many as it counts', async () => {
    const [summary, hours] = await Promise.all([get('summary'), get('findings/working-hours')]);
    const linked = summary.figures.filter((f: any) => f.events);
    expect(linked.map((f: any) => f.id).sort()).toEqual(
      [
        'commands',
        'competitor-mentions',
        'off-hours',
        'personal-email',
        'sensitive-leaving',
        'usb-writes',
      ].sort(),
    );
    for (const figure of linked) {
      const { rows, total } = await listed(figure.events);
      // A share opens the events it is a share of: those outside working hours.
      const counted = figure.unit === '%' ? hours.offHoursEvents : figure.value;
      if (figure.unit === '%')
        expect(Math.round((rows / hours.totalEvents) * 100), figure.id).toBe(figure.value);
      expect(rows, figure.id).toBe(counted);
      expect(total, figure.id).toBe(counted);
    }
    expect(linked.filter((f: any) => f.value > 0).length).toBeGreaterThanOrEqual(4);
  });

  it('app access, devices, deletions, code repositories, access requests and working hours', async () => {
    const [stats, devices, deletions, repos, requests, hours, files] = await Promise.all([
      get('findings/app-access/stats'),
      get('findings/devices'),
      get('findings/deletions'),
      get('findings/code-repos'),
      get('findings/access-requests'),
      get('findings/working-hours'),
      get('findings/file-access'),
    ]);
    const window = { from: stats.window.start, to: stats.window.end };
    // The filters each page's tiles link to (src/client/features/evidence/pages/*).
    const tiles: Array<[string, number, Record<string, string | number>]> = [
      ['Accesses', stats.accesses, { category: 'app' }],
      ['Failed', stats.failures, { category: 'app', outcome: 'failure' }],
      ['USB writes', devices.removableMedia.writes, { activity: 'usb_write' }],
      ['Deleted files', deletions.summary.files, { activity: 'file_delete' }],
      ['Deleted messages', deletions.summary.messages, { activity: 'chat_delete' }],
      ['Clones', repos.summary.clones, { category: 'repo', activity: 'repo_clone' }],
      [
        'Archive downloads',
        repos.summary.downloads,
        { category: 'repo', activity: 'repo_download' },
      ],
      ['Access requests', requests.summary.total, { activity: 'access_request' }],
      ['Working hours events', hours.totalEvents, {}],
      ...files.byLabel
        .filter((l: any) => files.sensitiveLabels.includes(l.label))
        .map((l: any): [string, number, Record<string, string>] => [
          `${l.label} to risky places`,
          l.leavingRisky,
          { label: l.label, destination: 'usb,personal_email,cloud,public_link,external_share' },
        ]),
    ];
    for (const [name, value, filter] of tiles) {
      expect(value, name).toBeGreaterThan(0);
      const { rows, total } = await listed({ ...filter, ...window });
      expect(rows, name).toBe(value);
      expect(total, name).toBe(value);
    }
    // A day of the app-access chart: one app on one UTC day.
    const day = { from: START + 2 * DAY, to: START + 3 * DAY };
    const chart = await get('findings/app-access/daily-chart');
    const jira = chart.series.find((s: any) => s.app === 'Jira');
    const onDay = jira.counts[chart.days.indexOf('2026-10-03')];
    expect((await listed({ category: 'app', app: 'Jira', ...day })).rows).toBe(onDay);
  });

  it('each flow of the file diagram opens the events it carries', async () => {
    for (const label of [null, 'Confidential']) {
      const sankey = await get(
        `findings/file-access/sankey${label ? `?label=${encodeURIComponent(label)}` : ''}`,
      );
      const window = { from: sankey.window.start, to: sankey.window.end };
      // Every flow opens, those to a place no event names (a download's "Local device") too.
      for (const link of sankey.links) {
        const names = `${sankey.nodes[link.source].label} → ${sankey.nodes[link.target].label}`;
        const { rows, total } = await listed({ ...link.events, ...window });
        expect(rows, names).toBe(link.value);
        expect(total, names).toBe(link.value);
      }
      expect(sankey.links.map((l: any) => sankey.nodes[l.target].label)).toContain('Local device');
    }
  });
});
