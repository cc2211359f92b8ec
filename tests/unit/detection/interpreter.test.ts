import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { DatabaseHandle } from '../../../src/server/db/database';
import { runRule } from '../../../src/server/analysis/rules/run-rule';
import { context, DAY, detectionDb, event, fileEvent, HOUR, rule, store, T0 } from './support';

let handle: DatabaseHandle;
beforeEach(async () => {
  handle = await detectionDb();
});
afterEach(async () => {
  await handle.close();
});

const scope = { employeeId: 'E1', department: 'Sales', from: T0, to: T0 + 30 * DAY };

const usbRule = rule({
  id: 'download-then-usb',
  title: 'Downloads then USB',
  description: 'Test rule.',
  severity: 'high',
  techniques: ['T1052.001'],
  condition: {
    steps: [
      {
        name: 'downloads',
        match: {
          all: [
            { field: 'activity', eq: 'file_download' },
            { field: 'file_label', in: { config: 'sensitiveLabels' } },
          ],
        },
        window: '24h',
        atLeast: 5,
      },
      {
        name: 'usb',
        match: { all: [{ field: 'activity', eq: 'usb_write' }] },
        window: '24h',
        atLeast: 2,
      },
    ],
    within: '3d',
  },
  why: '{downloads.count} downloads, then {usb.count} USB writes {usb.after} later.',
});

describe('a threshold step', () => {
  it('fires on a burst within the window and says why with its numbers', async () => {
    const downloads = Array.from({ length: 6 }, (_, i) =>
      fileEvent('file_download', T0 + DAY + i * HOUR),
    );
    const usb = [
      fileEvent('usb_write', T0 + 2 * DAY, null, 'usb'),
      fileEvent('usb_write', T0 + 2 * DAY + 60_000, null, 'usb'),
    ];
    await store(handle, 'E1', [...downloads, ...usb]);
    const hits = await runRule(handle.db, usbRule, scope, context);
    expect(hits).toHaveLength(1);
    expect(hits[0]!.first).toBe(T0 + DAY);
    expect(hits[0]!.eventCount).toBe(8);
    expect(hits[0]!.why).toBe('6 downloads, then 2 USB writes 19 h later.');
  });

  it('does not fire when the events are spread wider than the window', async () => {
    await store(handle, 'E1', [
      ...Array.from({ length: 6 }, (_, i) => fileEvent('file_download', T0 + i * 7 * HOUR)),
      fileEvent('usb_write', T0 + 2 * DAY, null, 'usb'),
      fileEvent('usb_write', T0 + 2 * DAY + 1, null, 'usb'),
    ]);
    expect(await runRule(handle.db, usbRule, scope, context)).toEqual([]);
  });

  it('ignores unlabelled files, other employees and events outside the investigation window', async () => {
    await store(
      handle,
      'E1',
      Array.from({ length: 6 }, (_, i) => fileEvent('file_download', T0 + DAY + i, 'Public')),
    );
    await store(
      handle,
      'E2',
      Array.from({ length: 6 }, (_, i) => fileEvent('file_download', T0 + DAY + i)),
    );
    await store(
      handle,
      'E1',
      Array.from({ length: 6 }, (_, i) => fileEvent('file_download', T0 - DAY + i)),
    );
    await store(handle, 'E1', [
      fileEvent('usb_write', T0 + DAY + HOUR, null, 'usb'),
      fileEvent('usb_write', T0 + DAY + HOUR + 1, null, 'usb'),
    ]);
    expect(await runRule(handle.db, usbRule, scope, context)).toEqual([]);
  });
});

describe('a sequence', () => {
  it('needs the steps in order: USB writes before the downloads do not count', async () => {
    await store(handle, 'E1', [
      fileEvent('usb_write', T0 + DAY, null, 'usb'),
      fileEvent('usb_write', T0 + DAY + 1, null, 'usb'),
      ...Array.from({ length: 6 }, (_, i) => fileEvent('file_download', T0 + 2 * DAY + i)),
    ]);
    expect(await runRule(handle.db, usbRule, scope, context)).toEqual([]);
  });

  it('needs the next step within the time allowed', async () => {
    await store(handle, 'E1', [
      ...Array.from({ length: 6 }, (_, i) => fileEvent('file_download', T0 + DAY + i)),
      fileEvent('usb_write', T0 + 5 * DAY, null, 'usb'),
      fileEvent('usb_write', T0 + 5 * DAY + 1, null, 'usb'),
    ]);
    expect(await runRule(handle.db, usbRule, scope, context)).toEqual([]);
  });

  it('gives one incident per burst, each with its own stable fingerprint', async () => {
    const burst = (start: number) => [
      ...Array.from({ length: 5 }, (_, i) => fileEvent('file_download', start + i * 1000)),
      fileEvent('usb_write', start + HOUR, null, 'usb'),
      fileEvent('usb_write', start + 2 * HOUR, null, 'usb'),
    ];
    await store(handle, 'E1', [...burst(T0 + DAY), ...burst(T0 + 10 * DAY)]);
    const first = await runRule(handle.db, usbRule, scope, context);
    const again = await runRule(handle.db, usbRule, scope, context);
    expect(first.map((h) => h.first)).toEqual([T0 + DAY, T0 + 10 * DAY]);
    expect(new Set(first.map((h) => h.fingerprint)).size).toBe(2);
    expect(again.map((h) => h.fingerprint)).toEqual(first.map((h) => h.fingerprint));
  });
});

describe('measures, baselines and peers', () => {
  const clones = (extra: Record<string, unknown> = {}) =>
    rule({
      id: 'clones',
      title: 'Clones',
      description: 'Test rule.',
      severity: 'medium',
      techniques: ['T1213.003'],
      condition: {
        steps: [
          {
            name: 'clones',
            match: { all: [{ field: 'activity', eq: 'repo_clone' }] },
            window: '4h',
            measure: { distinct: 'repository' },
            atLeast: 4,
            ...extra,
          },
        ],
      },
      why: '{clones.distinct} repositories in {clones.count} clones.',
    });
  const clone = (time: number, repository: string) =>
    event({ activity: 'repo_clone', category: 'repo', time, repository });

  it('counts distinct values: the same repository cloned again does not add up', async () => {
    await store(
      handle,
      'E1',
      Array.from({ length: 8 }, (_, i) => clone(T0 + DAY + i * 60_000, `org/repo-${i % 3}`)),
    );
    expect(await runRule(handle.db, clones(), scope, context)).toEqual([]);
    await store(handle, 'E1', [clone(T0 + DAY + 20 * 60_000, 'org/other')]);
    const hits = await runRule(handle.db, clones(), scope, context);
    expect(hits.map((h) => h.why)).toEqual(['4 repositories in 9 clones.']);
  });

  it('with a baseline, stays quiet for a subject who always works this way', async () => {
    const daily = Array.from({ length: 25 }, (_, day) =>
      Array.from({ length: 4 }, (_, i) =>
        clone(T0 + day * DAY + 10 * HOUR + i * 60_000, `org/r${i}`),
      ),
    ).flat();
    await store(handle, 'E1', daily);
    expect(await runRule(handle.db, clones(), scope, context)).toHaveLength(25);
    expect(await runRule(handle.db, clones({ baseline: { times: 5 } }), scope, context)).toEqual(
      [],
    );
  });

  it('with peers, only counts values nobody else in the department produced', async () => {
    const request = (time: number, target: string) =>
      event({
        activity: 'access_request',
        category: 'access_request',
        time,
        target,
        attributes: { role: 'Administrator' },
      });
    const outside = rule({
      id: 'outside',
      title: 'Outside',
      description: 'Test rule.',
      severity: 'medium',
      techniques: ['T1078'],
      condition: {
        steps: [
          {
            name: 'requests',
            match: {
              all: [
                { field: 'activity', eq: 'access_request' },
                { field: 'attributes.role', containsAny: ['admin'] },
              ],
            },
            window: '30d',
            measure: { distinct: 'target' },
            atLeast: 2,
            peers: { group: 'department', unseen: 'target' },
          },
        ],
      },
      why: '{requests.distinct} systems.',
    });
    await store(handle, 'E1', [request(T0 + DAY, 'Salesforce'), request(T0 + 2 * DAY, 'NetSuite')]);
    await store(handle, 'E2', [request(T0 + 3 * DAY, 'Salesforce')]);
    expect(await runRule(handle.db, outside, scope, context)).toEqual([]);
    await store(handle, 'E3', [request(T0 + 3 * DAY, 'Workday')]);
    await store(handle, 'E1', [request(T0 + 4 * DAY, 'Workday')]);
    const hits = await runRule(handle.db, outside, scope, context);
    expect(hits.map((h) => h.why)).toEqual(['2 systems.']);
  });

  it('sums sizes and reads list columns and configuration lists', async () => {
    const mail = (time: number, domain: string, size: number) =>
      event({
        activity: 'email_send',
        category: 'email',
        time,
        email: {
          recipients: [`me@${domain}`],
          external: true,
          domains: [domain],
          subject: 's',
          attachments: 1,
          size,
        },
      });
    const big = rule({
      id: 'big-mail',
      title: 'Big mail',
      description: 'Test rule.',
      severity: 'low',
      techniques: ['T1048'],
      condition: {
        steps: [
          {
            name: 'mail',
            match: {
              all: [
                { field: 'activity', eq: 'email_send' },
                { field: 'email_domains', hasAnyOf: { config: 'personalEmailDomains' } },
              ],
            },
            window: '1d',
            measure: { sum: 'email_size' },
            atLeast: 10_000_000,
          },
        ],
      },
      why: '{mail.sum} in {mail.count} messages.',
    });
    await store(handle, 'E1', [
      mail(T0 + DAY, 'gmail.com', 6_000_000),
      mail(T0 + DAY + 1, 'partner.example', 9_000_000),
    ]);
    expect(await runRule(handle.db, big, scope, context)).toEqual([]);
    await store(handle, 'E1', [mail(T0 + DAY + 2, 'GMAIL.com', 5_000_000)]);
    expect((await runRule(handle.db, big, scope, context)).map((h) => h.why)).toEqual([
      '10.5 MB in 2 messages.',
    ]);
  });
});
