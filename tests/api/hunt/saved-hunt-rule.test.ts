import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ingestGeneratedDataset } from '../../../src/server/demo/load-dataset';
import { startTestApp } from '../support/test-app';
import type { ApiClient, TestApp } from '../support/test-app';

const DAY = 86_400_000;
const DAYS = 30;

/*
 * A saved search becomes a detection rule, tested before it is enabled as every rule is: its
 * Vigil JSON goes through the detection rules' own test (POST /detection/rules/test) and finds
 * over the last days exactly the events the hunt finds over the same days; added, it is
 * disabled. Its Sigma export names the same fields. A search a rule cannot say is refused with
 * a sentence, not turned into a rule that matches something else.
 */
describe('a saved search as a detection rule', () => {
  let t: TestApp;
  let admin: ApiClient;
  let analyst: ApiClient;

  beforeAll(async () => {
    t = await startTestApp();
    // Ends today, so the rule test's "last 30 days" and the hunt's range hold the same events.
    await ingestGeneratedDataset(t.database, { employees: 14, days: 12, seed: 23 });
    admin = await t.signInAs('admin');
    analyst = await t.signInAs('analyst');
  }, 180_000);
  afterAll(() => t?.close());

  async function huntTotal(q: string): Promise<number> {
    const now = Date.now();
    const reply = await admin.get('/hunt/events', {
      q,
      from: now - DAYS * DAY,
      to: now + 1,
      limit: 1,
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return reply.body.total as number;
  }

  async function savedRule(name: string, query: string) {
    const saved = await admin.post('/hunt/saved', { name, query, time: { last: '30d' } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const rule = await admin.get(`/hunt/saved/${saved.body.id}/rule`);
    return { id: saved.body.id as string, status: rule.status, body: rule.body };
  }

  it.each([
    ['a keyword field', 'file.destination:usb'],
    ['a wildcard with NOT', 'file.name:*.xlsx AND NOT source:okta'],
    [
      'OR and parentheses',
      '(activity:file_download OR activity:usb_write) AND NOT file.label:Public',
    ],
    ['a text field and a range', 'email.subject:report OR file.size:[1000000 TO *]'],
    // NOT finds the events whose field is empty too, as the hunt (and Lucene, KQL) do.
    ['NOT on a list field', 'category:email AND NOT email.domain:gmail.com'],
    ['NOT on free text', 'category:file AND NOT report'],
  ])('%s: the rule test finds exactly the hunt’s events', async (_name, query) => {
    const expected = await huntTotal(query);
    expect(expected).toBeGreaterThan(0);
    const rule = await savedRule(`Rule of ${query}`, query);
    expect(rule.status, JSON.stringify(rule.body)).toBe(200);
    const tested = await admin.post('/detection/rules/test', {
      format: 'vigil',
      source: rule.body.vigil,
      days: DAYS,
    });
    expect(tested.status, JSON.stringify(tested.body)).toBe(200);
    expect(tested.body.matchingEvents).toBe(expected);
    expect(rule.body.sigma).toMatch(/^title: "Rule of /);
    expect(rule.body.sigma).toContain('product: vigil');
  });

  it('is added disabled, and only by a role that may change detection settings', async () => {
    const rule = await savedRule('USB copies', 'file.destination:usb');
    const refused = await analyst.post('/detection/rules', {
      format: 'vigil',
      source: rule.body.vigil,
    });
    expect(refused.status).toBe(403);
    const added = await admin.post('/detection/rules', {
      format: 'vigil',
      source: rule.body.vigil,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body.rules).toEqual([
      expect.objectContaining({ id: 'hunt-usb-copies', enabled: false }),
    ]);
  });

  it('refuses with a sentence a search no rule can say', async () => {
    for (const [query, reason] of [
      ['raw.EventData.TargetFilename:*lsass*', /raw record/],
      ['person:E10001', /watchlist/],
      ['file.name:*.xlsx AND time:[2026-11-01 TO 2026-11-15]', /leave time: out/],
    ] as const) {
      const rule = await savedRule(`Cannot ${query}`, query);
      expect(rule.status, query).toBe(400);
      expect(rule.body.message).toMatch(/^This search cannot become a rule: /);
      expect(rule.body.message).toMatch(reason);
    }
  });
});
