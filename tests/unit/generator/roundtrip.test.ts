import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  normalizedEventSchema,
  type EventSource,
  type NormalizedEvent,
} from '../../../src/shared/events';
import {
  generate,
  writeDataset,
  type Manifest,
  type SourceId,
} from '../../../src/server/demo/generator/index';
import { openRecords } from '../../../src/server/ingest/framing/read-records';
import { parsers } from '../../../src/server/ingest/parsers/index';
import type { ParsedItem } from '../../../src/server/ingest/parsers/parser';

const parserSource: Record<SourceId, EventSource> = {
  okta: 'okta',
  'google-workspace': 'google_workspace',
  m365: 'm365',
  github: 'github',
  slack: 'slack',
  windows: 'windows',
  'device-inventory': 'device_inventory',
  'access-requests': 'access_requests',
  hr: 'hr',
};

interface Parsed {
  events: NormalizedEvent[];
  errors: string[];
  skipped: string[];
}

let dir = '';
let manifest: Manifest;
const parsed = new Map<SourceId, Parsed>();

/** Reads a written file the way an upload is read: framing sniffed, then the source's parser. */
async function parseFile(source: SourceId): Promise<Parsed> {
  const file = manifest.sources[source].file;
  const mapping = manifest.accountMapping.windows as { domain: string; emailDomain: string };
  const session = parsers[parserSource[source]].create({
    companyDomains: manifest.companyDomains,
    personalEmailDomains: manifest.personalEmailDomains,
    now: Date.parse(`${manifest.window.lastDay}T00:00:00Z`) + 2 * 86_400_000,
    // The documented convention: NORTHWIND\<local part> is <local part>@northwind.example.
    accountToEmail: (account) => {
      const [domain, user] = account.split('\\');
      return domain?.toUpperCase() === mapping.domain && user
        ? `${user.toLowerCase()}@${mapping.emailDomain}`
        : null;
    },
  });
  const out: Parsed = { events: [], errors: [], skipped: [] };
  const take = (items: ParsedItem[]): void => {
    for (const item of items) {
      if (item.kind === 'event') out.events.push(item.event);
      else if (item.kind === 'skipped') out.skipped.push(item.reason);
    }
  };
  const { records } = await openRecords(createReadStream(join(dir, file)));
  for await (const item of records) {
    if (!item.ok) {
      out.errors.push(item.error.message);
      continue;
    }
    try {
      take(session.push(item.value, item.position));
    } catch (error) {
      out.errors.push(String(error));
    }
  }
  take(session.end());
  return out;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'vigil-generator-'));
  manifest = await writeDataset(
    generate({ employees: 60, days: 28, seed: 23, endDate: '2026-11-20' }),
    dir,
  );
  for (const source of Object.keys(parserSource) as SourceId[])
    parsed.set(source, await parseFile(source));
}, 180_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the written files go through Vigil’s parsers', () => {
  it.each(Object.keys(parserSource) as SourceId[])(
    '%s: every record parses into the events the manifest counts',
    (source) => {
      const result = parsed.get(source);
      expect(result?.errors.slice(0, 5)).toEqual([]);
      // 4104 parts joined into one script block are accounted for as skipped, not lost.
      const lost = result?.skipped.filter((reason) => !/joined with its other parts/.test(reason));
      expect(lost?.slice(0, 5)).toEqual([]);
      expect(result?.events.length).toBe(manifest.sources[source].events);
      const ids = new Set(result?.events.map((e) => e.sourceEventId));
      expect(ids.size).toBe(result?.events.length);
    },
  );

  it('joins every event to an employee email', () => {
    const emails = new Set(manifest.employees.map((e) => e.email));
    const strays = [...parsed.values()]
      .flatMap((p) => p.events)
      .filter((e) => !emails.has(String(e.actorEmail)));
    expect(strays.slice(0, 3).map((e) => `${e.source} ${e.action} ${String(e.actorId)}`)).toEqual(
      [],
    );
  });

  it('produces events valid against the shared schema', () => {
    const bad = [...parsed.values()]
      .flatMap((p) => p.events.filter((_, i) => i % 25 === 0))
      .filter((e) => !normalizedEventSchema.safeParse(e).success);
    expect(bad.slice(0, 2)).toEqual([]);
  });

  it('keeps every normalized event inside the generated window', () => {
    const from = Date.parse(`${manifest.window.firstDay}T00:00:00Z`) - 86_400_000;
    const to = Date.parse(`${manifest.window.lastDay}T00:00:00Z`) + 2 * 86_400_000;
    const outside = [...parsed.entries()]
      .filter(([source]) => source !== 'hr')
      .flatMap(([, p]) => p.events)
      .filter((e) => e.time < from || e.time > to);
    expect(outside.slice(0, 3)).toEqual([]);
  });
});

describe('the storylines read as detectors will see them', () => {
  function subjectEvents(scenario: string): NormalizedEvent[][] {
    return manifest.scenarios
      .filter((s) => s.scenario === scenario)
      .map((s) =>
        [...parsed.values()]
          .flatMap((p) => p.events)
          .filter((e) => e.actorEmail === s.email && e.time >= s.startMs && e.time <= s.endMs),
      );
  }

  it('departing-exfiltration: resignation, labelled downloads, USB writes and mail with attachments to a personal address', () => {
    for (const mine of subjectEvents('departing-exfiltration')) {
      expect(mine.some((e) => e.activity === 'hr_resignation')).toBe(true);
      expect(
        mine.filter(
          (e) => e.activity === 'file_download' && /Confidential/.test(e.file?.label ?? ''),
        ).length,
      ).toBeGreaterThanOrEqual(10);
      expect(
        mine.filter((e) => e.activity === 'usb_write' && e.file?.destination === 'usb').length,
      ).toBeGreaterThanOrEqual(5);
      expect(
        mine.some(
          (e) =>
            e.activity === 'email_send' &&
            e.file?.destination === 'personal_email' &&
            (e.email?.attachments ?? 0) > 0,
        ),
      ).toBe(true);
    }
  });

  it('security-tampering: script blocks, a decoded command, log clearing, MFA removal and an admin grant', () => {
    const [mine = []] = subjectEvents('security-tampering');
    const activities = new Set(mine.map((e) => e.activity));
    for (const a of [
      'script_exec',
      'log_clear',
      'mfa_disable',
      'admin_granted',
      'process_start',
    ] as const)
      expect(activities.has(a), a).toBe(true);
    expect(
      mine.some(
        (e) =>
          typeof e.attributes.decodedCommand === 'string' &&
          e.attributes.decodedCommand.includes('Set-MpPreference'),
      ),
    ).toBe(true);
    const long = mine.find(
      (e) => e.activity === 'script_exec' && Number(e.attributes.partsTotal) > 1,
    );
    expect(long?.attributes.partsReceived).toBe(long?.attributes.partsTotal);
  });

  it('cloud-upload and competitor-contact: external shares and chat mentioning the competitor', () => {
    const [upload = []] = subjectEvents('cloud-upload');
    expect(
      upload.filter((e) => e.activity === 'file_share_external').length,
    ).toBeGreaterThanOrEqual(5);
    const [contact = []] = subjectEvents('competitor-contact');
    const competitor = manifest.scenarios.find((s) => s.scenario === 'competitor-contact')?.details
      .competitor;
    expect(
      contact.some(
        (e) =>
          e.activity === 'chat_message' &&
          e.chat?.text?.includes(String(competitor)) &&
          e.chat.external,
      ),
    ).toBe(true);
    expect(contact.some((e) => e.activity === 'email_send' && e.email?.external)).toBe(true);
  });

  it('mass-repo-clone and mass-deletion: bursts of clones and deletions', () => {
    const [clones = []] = subjectEvents('mass-repo-clone');
    expect(clones.filter((e) => e.activity === 'repo_clone').length).toBeGreaterThanOrEqual(30);
    const [deletions = []] = subjectEvents('mass-deletion');
    expect(deletions.filter((e) => e.activity === 'file_delete').length).toBeGreaterThanOrEqual(
      200,
    );
    expect(deletions.filter((e) => e.activity === 'email_delete').length).toBeGreaterThanOrEqual(
      40,
    );
  });

  it('access-outside-role: access requests and a resignation', () => {
    const [mine = []] = subjectEvents('access-outside-role');
    expect(mine.filter((e) => e.activity === 'access_request').length).toBeGreaterThanOrEqual(4);
    expect(mine.some((e) => e.activity === 'hr_resignation')).toBe(true);
  });
});
