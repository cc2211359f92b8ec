import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Manifest } from '../../../src/server/demo/generator/index';
import { runDetectionPass } from '../../../src/server/analysis/alerts/detection-pass';
import { analyse, loadDataset, openCase } from '../incidents/support';
import { savePrivacySettings } from '../../../src/server/db/queries/privacy-settings';
import { defaultPrivacySettings } from '../../../src/shared/schemas/privacy';
import { startTestApp } from '../support/test-app';
import type { ApiClient, TestApp } from '../support/test-app';

/**
 * Issue 17: while pseudonymization is on and nothing is revealed, no reply of any route carries
 * an employee's real name or address. The test walks the OpenAPI document: every GET route is
 * asked with real ids found along the way (the case, its subject, an event, an incident, a
 * pin…), as an admin who may see everything, and every reply's text is searched for every
 * employee's name and email. A case title and a note that name people, and raw records that
 * carry their addresses and account names, make sure there is something to hide.
 */

let t: TestApp;
let admin: ApiClient;
let manifest: Manifest;
let caseId: string;
let subjectId: string;
let people: Array<{ id: string; name: string; email: string }>;
/** The GET routes the walk asked, with the URL it asked; the walks after it reuse them. */
const walkedRoutes: Array<{ template: string; url: string; queryParams: string[] }> = [];

/** GET routes that cannot be asked with ids from this dataset, and why. */
const NOT_WALKED: Record<string, string> = {
  '/api/app/auth/sso/start': 'redirects to an identity provider (none configured)',
  '/api/app/auth/sso/callback': 'answers an identity provider',
  '/api/app/investigations/{id}/report.pdf':
    'binary; searched after pdftotext in export-redaction.test.ts',
  '/api/app/investigations/{id}/export.zip':
    'binary; every file searched in export-redaction.test.ts',
};

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signInAs('admin');
  manifest = await loadDataset(t);
  const departing = manifest.scenarios.find((s) => s.scenario === 'departing-exfiltration')!;
  subjectId = departing.employeeId;
  const rows = await t.db.selectFrom('employees').select(['id', 'full_name', 'email']).execute();
  people = rows.map((r) => ({ id: r.id, name: r.full_name, email: r.email }));
  const subject = people.find((p) => p.id === subjectId)!;
  const colleague = people.find((p) => p.id !== subjectId)!;
  const opened = await openCase(admin, subjectId, manifest, `Departure of ${subject.name}`);
  caseId = opened.id;
  await analyse(t, caseId);
  // Alerts about people, so the alert routes have one to show.
  await runDetectionPass(t.database);
  const note = await admin.post(`/investigations/${caseId}/notes`, {
    body: `${subject.name} sent the plan to ${colleague.name} (${colleague.email}).`,
  });
  expect(note.status, JSON.stringify(note.body)).toBe(201);
  const events = await t.db
    .selectFrom('events')
    .select('id')
    .where('employee_id', '=', subjectId)
    .where('time', '>=', opened.windowStart)
    .where('time', '<', opened.windowEnd)
    .orderBy('time')
    .limit(2)
    .execute();
  const pin = await admin.post(`/investigations/${caseId}/pins`, {
    eventIds: events.map((e) => String(e.id)),
  });
  expect(pin.status, JSON.stringify(pin.body)).toBe(201);
  // A reveal asked for and not granted: the request shows, the identity does not.
  await admin.post(`/investigations/${caseId}/reveals`, {
    employeeId: subjectId,
    purpose: 'Confirm the tip names this person before interviewing them.',
  });
}, 240_000);

afterAll(async () => {
  await t?.close();
});

/** The value the first walk filled a template's parameter with, from the URL it asked. */
function walkedValue(template: string, param: string): string | null {
  const walked = walkedRoutes.find((w) => w.template === template);
  if (!walked) return null;
  const names = [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const pattern = new RegExp(
    `^${template
      .split(/\{\w+\}/)
      .map((piece) => piece.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
      .join('([^/?]+)')}`,
  );
  const match = pattern.exec(walked.url);
  const index = names.indexOf(param);
  return match && index >= 0 ? (match[index + 1] ?? null) : null;
}

/** The raw text of a GET under /api/app. */
async function text(url: string): Promise<{ status: number; body: string }> {
  const reply = await t.app.inject({
    method: 'GET',
    url,
    headers: { host: 'vigil.test', cookie: admin.cookie ?? '' },
  });
  return { status: reply.statusCode, body: reply.body };
}

/** The first value of `key` found anywhere in a JSON reply. */
function firstOf(value: unknown, key: string): string | null {
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = firstOf(item, key);
      if (found !== null) return found;
    }
  } else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record[key] === 'string' || typeof record[key] === 'number')
      return String(record[key]);
    for (const item of Object.values(record)) {
      const found = firstOf(item, key);
      if (found !== null) return found;
    }
  }
  return null;
}

async function idFrom(url: string, key = 'id'): Promise<string | null> {
  const reply = await text(url);
  if (reply.status !== 200) return null;
  return firstOf(JSON.parse(reply.body), key);
}

describe('with pseudonymization on and nothing revealed', () => {
  it('no GET route of the OpenAPI document replies with a real name or email', async () => {
    const base = `/api/app/investigations/${caseId}`;
    const ids: Record<string, string | null> = {
      caseId,
      employeeId: subjectId,
      eventId: await idFrom(`${base}/events?limit=5`),
      incidentId: await idFrom(`${base}/incidents`),
      pinId: await idFrom(`${base}/pins`),
      fileId: await idFrom(`${base}/findings/file-access/files`, 'id'),
      detailId: 'failed-sign-ins',
      part: 'incidents',
      alertId: await idFrom('/api/app/alerts'),
      integrationId: (await admin.post('/integrations', { name: 'Okta', kind: 'okta' })).body
        .integration.id as string,
      revealId: await idFrom(`${base}/reveals`),
      huntId: firstOf(
        (
          await admin.post('/hunt/saved', {
            name: 'Files to USB',
            query: 'activity:usb_write',
          })
        ).body,
        'id',
      ),
    };
    const doc = JSON.parse((await text('/api/app/openapi.json')).body) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const walked: string[] = [];
    const unfilled: string[] = [];
    const leaks: string[] = [];
    const needles = people.flatMap((p) => [p.name.toLowerCase(), p.email.toLowerCase()]);
    for (const [template, operations] of Object.entries(doc.paths)) {
      if (!('get' in operations) || template in NOT_WALKED) continue;
      const url = template.replace(/\{(\w+)\}/g, (_, name: string) => {
        const value =
          name === 'id'
            ? template.startsWith('/api/app/investigations/')
              ? ids.caseId
              : template.startsWith('/api/app/alerts/')
                ? ids.alertId
                : template.startsWith('/api/app/integrations/')
                  ? ids.integrationId
                  : template.startsWith('/api/app/identity/employees/')
                    ? ids.employeeId
                    : template.startsWith('/api/app/hunt/saved/')
                      ? ids.huntId
                      : null
            : (ids[name] ?? null);
        return value === null || value === undefined ? '\u0000' : encodeURIComponent(value);
      });
      if (url.includes('\u0000')) {
        unfilled.push(template);
        continue;
      }
      const query = template.endsWith('/audit/person-views') ? `?employeeId=${subjectId}` : '';
      const parameters = (
        (operations.get as { parameters?: Array<{ in: string; name: string }> }).parameters ?? []
      )
        .filter((p) => p.in === 'query')
        .map((p) => p.name);
      walkedRoutes.push({ template, url: url + query, queryParams: parameters });
      const reply = await text(url + query);
      walked.push(`${reply.status} ${template}`);
      const lower = reply.body.toLowerCase();
      for (const needle of needles) {
        if (lower.includes(needle)) leaks.push(`${template}: "${needle}"`);
      }
    }
    expect(leaks, leaks.slice(0, 20).join('\n')).toEqual([]);
    // Routes with ids this dataset has no value for are named, so a new route is noticed.
    expect(unfilled, unfilled.join('\n')).toEqual([]);
    const ok = walked.filter((w) => w.startsWith('200 '));
    expect(ok.length, walked.join('\n')).toBeGreaterThan(60);
  }, 240_000);

  /** Real names and addresses in a reply's text. */
  function realNamesIn(body: string): string[] {
    const lower = body.toLowerCase();
    return people
      .flatMap((p) => [p.name.toLowerCase(), p.email.toLowerCase()])
      .filter((needle) => lower.includes(needle));
  }

  it('the same walk with an encoded /api/app finds no real name either (issue 23)', async () => {
    const leaks: string[] = [];
    let ok = 0;
    for (const { template, url } of walkedRoutes) {
      for (const encoded of [
        url.replace('/api/app/', '/api/%61pp/'),
        url.replace('/api/', '/%61pi/'),
      ]) {
        const reply = await text(encoded);
        if (reply.status === 200) ok++;
        for (const found of realNamesIn(reply.body))
          leaks.push(`${template} ${encoded}: "${found}"`);
      }
    }
    expect(leaks, leaks.slice(0, 20).join('\n')).toEqual([]);
    expect(ok).toBeGreaterThan(120);
  }, 240_000);

  it('an identifier sent as a path parameter comes back neither as a name nor as a pseudonym (issue 23)', async () => {
    const subject = people.find((p) => p.id === subjectId)!;
    const pseudonym = t.app.pseudonyms.of(subjectId);
    const forms = [pseudonym.name, pseudonym.email, pseudonym.handle].map((f) => f.toLowerCase());
    const leaks: string[] = [];
    let asked = 0;
    for (const { template } of walkedRoutes) {
      const names = [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
      for (const name of names) {
        for (const sent of [subject.email, subject.name]) {
          const url = template.replace(/\{(\w+)\}/g, (_, param: string) =>
            param === name ? encodeURIComponent(sent) : (walkedValue(template, param) ?? 'x'),
          );
          const reply = await text(url);
          asked++;
          const lower = reply.body.toLowerCase();
          for (const found of realNamesIn(reply.body)) leaks.push(`${url}: "${found}"`);
          for (const form of forms) if (lower.includes(form)) leaks.push(`${url}: "${form}"`);
        }
      }
    }
    expect(leaks, leaks.slice(0, 20).join('\n')).toEqual([]);
    expect(asked).toBeGreaterThan(100);
  }, 240_000);

  it('every q parameter, searched for a real name, answers with no real name (issue 23)', async () => {
    const subject = people.find((p) => p.id === subjectId)!;
    const leaks: string[] = [];
    const searched: string[] = [];
    for (const { url, queryParams } of walkedRoutes) {
      if (!queryParams.includes('q')) continue;
      for (const q of [subject.name, subject.email, subject.email.slice(0, 5)]) {
        const asked = `${url}${url.includes('?') ? '&' : '?'}q=${encodeURIComponent(q)}`;
        const reply = await text(asked);
        searched.push(`${reply.status} ${asked}`);
        for (const found of realNamesIn(reply.body)) leaks.push(`${asked}: "${found}"`);
      }
    }
    expect(leaks, leaks.slice(0, 20).join('\n')).toEqual([]);
    // The routes that search: the palette's, the lists', the timelines'.
    expect(searched.length, searched.join('\n')).toBeGreaterThanOrEqual(15);
  }, 240_000);

  it('the subject reads as their pseudonym in the case, the employee screen and search', async () => {
    const subject = people.find((p) => p.id === subjectId)!;
    const shown = await admin.get(`/investigations/${caseId}`);
    expect(shown.body.subject.identity).toBe('pseudonymized');
    expect(shown.body.subject.fullName).toBe(shown.body.subject.pseudonym);
    expect(shown.body.subject.fullName).toMatch(/^Person [0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect(shown.body.title).toBe('Departure of [withheld]');
    const employee = await admin.get(`/identity/employees/${subjectId}`);
    expect(employee.body.fullName).toBe(shown.body.subject.pseudonym);
    expect(employee.body.email).not.toBe(subject.email);
    // The admin may reveal identities, so a search by real name finds the person (audited) and
    // still shows the pseudonym; an auditor may not: the same search finds nobody.
    const byName = await admin.get('/identity/employees', { q: subject.name });
    expect(byName.body.employees.map((e: { id: string }) => e.id)).toContain(subjectId);
    const audited = await t.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'person.search_by_name')
      .execute();
    expect(audited.length).toBeGreaterThan(0);
    await t.db
      .insertInto('roles')
      .values({
        id: 'directory_reader',
        name: 'Directory reader',
        description: 'Browses the directory, reveals nobody.',
        permissions: JSON.stringify(['employees.read']),
        built_in: 0,
        created_at: Date.now(),
        updated_at: Date.now(),
      })
      .execute();
    const reader = await t.signInAs('directory_reader');
    // A search by name is refused outright (issue 23): an empty list would still say "no match".
    const readerByName = await reader.get('/identity/employees', { q: subject.name });
    expect(readerByName.status).toBe(403);
    expect(readerByName.body.message).toMatch(/permission to reveal identities/);
    const readerByEmail = await reader.get('/identity/employees', { q: subject.email });
    expect(readerByEmail.status).toBe(403);
    const pseudonym = shown.body.subject.pseudonym as string;
    const readerByPseudonym = await reader.get('/identity/employees', { q: pseudonym });
    expect(readerByPseudonym.body.employees.map((e: { id: string }) => e.id)).toEqual([subjectId]);
    // Searching events for a name is a search for the person: refused without the permission
    // to reveal identities (and the refusal audited), allowed and audited with it.
    await t.db
      .insertInto('roles')
      .values({
        id: 'evidence_reader',
        name: 'Evidence reader',
        description: 'Reads every case and its evidence, reveals nobody.',
        permissions: JSON.stringify([
          'investigations.read',
          'investigations.read_all',
          'evidence.read',
        ]),
        built_in: 0,
        created_at: Date.now(),
        updated_at: Date.now(),
      })
      .execute();
    const evidenceReader = await t.signInAs('evidence_reader');
    const refused = await evidenceReader.get('/search/events', { q: subject.name });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/permission to reveal identities/);
    const denied = await t.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'access.denied')
      .where('actor_email', '=', evidenceReader.user!.email)
      .execute();
    expect(denied).toHaveLength(1);
    expect((await evidenceReader.get('/search/events', { q: 'USB' })).status).toBe(200);
    const before = audited.length;
    expect((await admin.get('/search/events', { q: subject.email })).status).toBe(200);
    const after = await t.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'person.search_by_name')
      .execute();
    expect(after.length).toBe(before + 1);

    const byPseudonym = await admin.get('/identity/employees', {
      q: String(shown.body.subject.pseudonym).slice(7),
    });
    expect(byPseudonym.body.employees.map((e: { id: string }) => e.id)).toContain(subjectId);
  }, 60_000);
});

describe('with pseudonymization off', () => {
  it('the same replies name people: what the walk searched for is there to find', async () => {
    const subject = people.find((p) => p.id === subjectId)!;
    await savePrivacySettings(
      t.db,
      { ...defaultPrivacySettings, pseudonymize: false },
      'test',
      Date.now(),
    );
    const shown = await text(`/api/app/investigations/${caseId}`);
    expect(shown.body).toContain(subject.name);
    const notes = await text(`/api/app/investigations/${caseId}/notes`);
    expect(notes.body).toContain(subject.name);
    const eventId = await idFrom(`/api/app/investigations/${caseId}/events?limit=5`);
    const event = await text(`/api/app/investigations/${caseId}/events/${eventId}`);
    expect(event.body.toLowerCase()).toContain(subject.email.toLowerCase());
  });
});
