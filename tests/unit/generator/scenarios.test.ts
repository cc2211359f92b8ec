import { describe, expect, it } from 'vitest';
import {
  defaultScenarioMix,
  scenarioIds,
  type ManifestScenario,
  type SourceId,
} from '../../../src/server/demo/generator/index';
import { collect } from './support/native-records';
import { smallDataset } from './support/datasets';

const { dataset, manifest } = smallDataset();
const records = collect(dataset);

function subjectRecords(s: ManifestScenario, source?: SourceId): typeof records {
  return records.filter(
    (r) =>
      (source === undefined || r.source === source) &&
      r.facts.email === s.email &&
      r.facts.time >= s.startMs &&
      r.facts.time <= s.endMs,
  );
}

function only(id: string): ManifestScenario {
  const found = manifest.scenarios.find((s) => s.scenario === id);
  if (!found) throw new Error(`no ${id} in the manifest`);
  return found;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

describe(
  'the manifest lists every storyline with its subject, window and techniques',
  { timeout: 30_000 },
  () => {
    it('injects the default mix: every storyline once, two departing employees, all different people', () => {
      expect(defaultScenarioMix.map((s) => s.id).sort()).toEqual([...scenarioIds].sort());
      expect(manifest.scenarios.map((s) => s.scenario).sort()).toEqual(
        defaultScenarioMix.flatMap((s) => Array.from({ length: s.count }, () => s.id)).sort(),
      );
      expect(new Set(manifest.scenarios.map((s) => s.employeeId)).size).toBe(
        manifest.scenarios.length,
      );
    });

    it.each([
      ['mass-repo-clone', ['T1213.003']],
      ['after-hours', []],
      ['access-outside-role', ['T1078']],
      ['security-tampering', ['T1059.001', 'T1070', 'T1098']],
      ['mass-deletion', ['T1070.004', 'T1485']],
      ['competitor-contact', []],
      ['cloud-upload', ['T1567.002']],
    ])('%s should raise %j', (id, techniques) => {
      expect([...only(id).techniques].sort()).toEqual([...techniques].sort());
    });

    it('departing-exfiltration raises USB and alternative-protocol exfiltration, and archiving when it archived', () => {
      for (const s of manifest.scenarios.filter((x) => x.scenario === 'departing-exfiltration')) {
        expect(s.techniques).toEqual(expect.arrayContaining(['T1052.001', 'T1048']));
        expect(s.techniques.includes('T1560')).toBe(s.details.archived === true);
      }
    });
  },
);

describe(
  'every storyline is in the subject’s records, in its window, with the stated counts',
  { timeout: 30_000 },
  () => {
    it.each(manifest.scenarios.map((s) => [`${s.scenario} ${s.employeeId}`, s] as const))(
      '%s',
      (_, s) => {
        expect(s.records).toBeGreaterThan(0);
        expect(s.startMs).toBeLessThanOrEqual(s.endMs);
        for (const [source, actions] of Object.entries(s.injected) as [
          SourceId,
          Record<string, number>,
        ][]) {
          const emitter = dataset.source(source).emitter;
          const found = new Map<string, number>();
          for (const r of subjectRecords(s, source)) {
            const action = emitter.actionOf(r.record);
            found.set(action, (found.get(action) ?? 0) + 1);
          }
          for (const [action, count] of Object.entries(actions)) {
            expect(found.get(action) ?? 0, `${source} ${action}`).toBeGreaterThanOrEqual(count);
          }
        }
        const tagged = records.filter((r) => r.scenario === s.index);
        expect(tagged).toHaveLength(s.records);
        for (const r of tagged) {
          expect(r.facts.email, `${r.source} record of ${s.scenario}`).toBe(s.email);
          expect(r.facts.time).toBeGreaterThanOrEqual(s.startMs);
          expect(r.facts.time).toBeLessThanOrEqual(s.endMs);
        }
      },
    );
  },
);

describe('each storyline tells its story', { timeout: 30_000 }, () => {
  it('departing-exfiltration: resignation, then sensitive downloads, USB copies to E: and mail to a personal address', () => {
    for (const s of manifest.scenarios.filter((x) => x.scenario === 'departing-exfiltration')) {
      const mine = subjectRecords(s);
      const resignation = mine.find(
        (r) => r.source === 'hr' && r.record.event_type === 'resignation',
      );
      expect(resignation).toBeDefined();
      const after = mine.filter((r) => r.facts.time > (resignation?.facts.time ?? Infinity));
      const usb = after.filter(
        (r) =>
          r.source === 'windows' &&
          r.record.EventID === 11 &&
          text(r.record.TargetFilename).startsWith('E:\\'),
      );
      expect(usb.length).toBeGreaterThanOrEqual(5);
      const downloads = after.filter(
        (r) =>
          (r.source === 'm365' &&
            r.record.Operation === 'FileDownloaded' &&
            /Confidential/.test(text(r.record.SensitivityLabelName))) ||
          (r.source === 'google-workspace' &&
            /"download".*"label","value":"(Highly )?Confidential"/.test(text(r.record.events))),
      );
      expect(downloads.length).toBeGreaterThanOrEqual(10);
      const personal = after.filter(
        (r) =>
          r.source === 'm365' &&
          r.record.Operation === 'Send' &&
          manifest.personalEmailDomains.some((d) => text(r.record.Recipients).includes(`@${d}`)),
      );
      expect(personal.length).toBeGreaterThanOrEqual(3);
      expect(personal.some((r) => text(r.record.Item).includes('Attachments'))).toBe(true);
    }
  });

  it('mass-repo-clone: dozens of clones in a few hours, mostly repositories never touched before', () => {
    const s = only('mass-repo-clone');
    const subject = dataset.org.byId.get(s.employeeId);
    const clones = subjectRecords(s, 'github').filter((r) => r.record.action === 'git.clone');
    expect(clones.length).toBeGreaterThanOrEqual(30);
    expect(s.endMs - s.startMs).toBeLessThan(6 * 3_600_000);
    const foreign = clones.filter((r) => !subject?.repos.includes(text(r.record.repo)));
    expect(foreign.length / clones.length).toBeGreaterThan(0.6);
    expect(subjectRecords(s, 'github').some((r) => r.record.action === 'repo.download_zip')).toBe(
      true,
    );
  });

  it('security-tampering: Defender disabled, logs cleared, an encoded command, MFA removed and admin granted', () => {
    const mine = subjectRecords(only('security-tampering'));
    const scripts = mine
      .filter((r) => r.record.EventID === 4104)
      .map((r) => text(r.record.ScriptBlockText))
      .join('\n');
    expect(scripts).toContain('Set-MpPreference -DisableRealtimeMonitoring $true');
    expect(scripts).toMatch(/Clear-EventLog|wevtutil cl/);
    const commands = mine
      .filter((r) => r.record.EventID === 1)
      .map((r) => text(r.record.CommandLine));
    expect(commands.some((c) => c.includes('-EncodedCommand'))).toBe(true);
    expect(commands.some((c) => /^wevtutil cl Security$/.test(c))).toBe(true);
    expect(mine.some((r) => r.record.EventID === 1102)).toBe(true);
    const okta = mine.filter((r) => r.source === 'okta').map((r) => r.record.eventType);
    expect(okta).toEqual(
      expect.arrayContaining(['user.mfa.factor.deactivate', 'user.account.privilege.grant']),
    );
  });

  it('mass-deletion: hundreds of deletions across SharePoint, Drive, the laptop and the mailbox within hours', () => {
    const s = only('mass-deletion');
    const mine = subjectRecords(s);
    const count = (f: (r: (typeof mine)[number]) => boolean): number => mine.filter(f).length;
    expect(count((r) => r.record.Operation === 'FileDeleted')).toBeGreaterThanOrEqual(100);
    expect(
      count(
        (r) =>
          r.source === 'google-workspace' && /"name":"(trash|delete)"/.test(text(r.record.events)),
      ),
    ).toBeGreaterThanOrEqual(50);
    expect(count((r) => r.record.EventID === 23)).toBeGreaterThanOrEqual(100);
    expect(count((r) => r.record.Operation === 'HardDelete')).toBeGreaterThanOrEqual(40);
    expect(s.endMs - s.startMs).toBeLessThan(4 * 3_600_000);
  });

  it('competitor-contact: chat about a competitor, mail to their domain and files shared outside', () => {
    const s = only('competitor-contact');
    const competitor = manifest.competitors.find((c) => c.name === s.details.competitor);
    expect(competitor).toBeDefined();
    const mine = subjectRecords(s);
    const mentions = mine.filter(
      (r) =>
        r.record.action === 'message_posted' &&
        text(r.record.details).includes(competitor?.name ?? '?'),
    );
    expect(mentions.length).toBeGreaterThanOrEqual(8);
    expect(
      mine.some(
        (r) =>
          r.record.Operation === 'Send' &&
          text(r.record.Recipients).includes(`@${competitor?.domain ?? '?'}`),
      ),
    ).toBe(true);
    expect(
      mine.some(
        (r) =>
          r.record.action === 'file_shared' && text(r.record.details).includes('"is_shared":true'),
      ),
    ).toBe(true);
  });

  it('cloud-upload: labelled files published through anonymous and public links', () => {
    const mine = subjectRecords(only('cloud-upload'));
    expect(
      mine.some(
        (r) =>
          r.record.Operation === 'AnonymousLinkCreated' &&
          r.record.SensitivityLabelName !== undefined,
      ),
    ).toBe(true);
    expect(mine.some((r) => r.record.action === 'file_public_link_created')).toBe(true);
    expect(
      mine.some(
        (r) =>
          r.source === 'google-workspace' && text(r.record.events).includes('people_with_link'),
      ),
    ).toBe(true);
  });

  it('access-outside-role: privileged requests owned by other departments, some after resigning', () => {
    const s = only('access-outside-role');
    const mine = subjectRecords(s, 'access-requests');
    expect(mine.length).toBeGreaterThanOrEqual(4);
    const resigned = Date.parse(`${String(s.details.resignationDate)}T00:00:00Z`);
    expect(mine.filter((r) => r.facts.time > resigned).length).toBeGreaterThanOrEqual(2);
    expect(
      records.some(
        (r) =>
          r.source === 'hr' && r.facts.email === s.email && r.record.event_type === 'resignation',
      ),
    ).toBe(true);
  });
});
