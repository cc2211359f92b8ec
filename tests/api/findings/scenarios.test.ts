import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Manifest } from '../../../src/server/demo/generator/index';
import { startTestApp } from '../support/test-app';
import type { ApiClient, TestApp } from '../support/test-app';
import { bystander, loadScenarioDataset, openCase, storyline } from './support/scenario-dataset';

let t: TestApp;
let analyst: ApiClient;
let manifest: Manifest;
const cases = new Map<string, string>();

/** The case about an employee, opened once. */
async function caseOf(employeeId: string): Promise<string> {
  const known = cases.get(employeeId);
  if (known) return known;
  const id = await openCase(analyst, employeeId);
  cases.set(employeeId, id);
  return id;
}

/** Marks the case about an employee as analysed, as when its analysis run has ended. */
async function analysisDone(employeeId: string): Promise<void> {
  await t.db
    .updateTable('investigations')
    .set({ analysis_state: 'idle' })
    .where('id', '=', await caseOf(employeeId))
    .execute();
}

/** GETs a finding of the case about an employee and expects a 200. */
async function finding<T = any>(
  employeeId: string,
  path: string,
  query?: Record<string, string | number>,
): Promise<T> {
  const reply = await analyst.get<T>(`/investigations/${await caseOf(employeeId)}/${path}`, query);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body;
}

/** The dataset's departing-exfiltration storylines: it injects two departures, and a test that
 * loops over them must not pass by finding none. */
function departures() {
  const stories = manifest.scenarios.filter((s) => s.scenario === 'departing-exfiltration');
  expect(stories.map((s) => s.scenario)).toEqual([
    'departing-exfiltration',
    'departing-exfiltration',
  ]);
  return stories;
}

beforeAll(async () => {
  t = await startTestApp();
  analyst = await t.signInAs('analyst');
  manifest = await loadScenarioDataset(t);
}, 240_000);
afterAll(async () => {
  await t.close();
});

describe('each injected storyline shows up where an investigator looks', () => {
  it('departing exfiltration: Confidential files flow to USB in the sankey, USB writes on the laptop, mail to a personal address', async () => {
    for (const story of departures()) {
      const sankey = await finding(story.employeeId, 'findings/file-access/sankey');
      const at = (id: string) => sankey.nodes.findIndex((n: { id: string }) => n.id === id);
      const usb = at('destination:USB / removable media');
      const write = at('action:Write to USB');
      expect(usb).toBeGreaterThanOrEqual(0);
      const intoUsb = sankey.links.find((l: any) => l.source === write && l.target === usb);
      expect(intoUsb?.value).toBeGreaterThanOrEqual(5);
      const sensitiveToUsb = sankey.links.filter(
        (l: any) => l.target === write && /Confidential/.test(sankey.nodes[l.source].label),
      );
      expect(sensitiveToUsb.reduce((s: number, l: any) => s + l.value, 0)).toBeGreaterThanOrEqual(
        3,
      );

      const devices = await finding(story.employeeId, 'findings/devices');
      expect(devices.removableMedia.writes).toBeGreaterThanOrEqual(5);
      expect(devices.devices.some((d: any) => d.removableMediaWrites > 0 && d.flagged)).toBe(true);

      const mail = await finding(story.employeeId, 'findings/external-emails');
      const personal = String(story.details.personalEmail);
      expect(mail.summary.personal).toBeGreaterThanOrEqual(3);
      expect(mail.domains.find((d: any) => d.domain === personal.split('@')[1])?.kind).toBe(
        'personal',
      );
      // The personal address spells the subject's name: it reads as their pseudonym's handle
      // at the same domain (issue 17), so where the mail went stays evident.
      const shown = `${t.app.pseudonyms.of(story.employeeId).handle}@${personal.split('@')[1]}`;
      expect(
        mail.messages.some((m: any) => m.recipients.includes(shown) && m.attachments > 0),
      ).toBe(true);
      expect(JSON.stringify(mail)).not.toContain(personal);

      const files = await finding(story.employeeId, 'findings/file-access/files', {
        label: 'Confidential',
      });
      expect(files.label).toBe('Confidential');
      expect(files.files.every((f: any) => f.label === 'Confidential')).toBe(true);
      const usbFile = (await finding(story.employeeId, 'findings/file-access/files')).files.find(
        (f: any) => f.destinations.includes('usb'),
      );
      expect(usbFile).toBeDefined();
      const events = await finding(
        story.employeeId,
        `findings/file-access/files/${encodeURIComponent(usbFile.id)}/events`,
      );
      expect(events.events.some((e: any) => e.activity === 'usb_write')).toBe(true);
      // One document, one row: its journey from the company's storage to the USB drive is
      // the events of one file, whichever source named it by id, path or attachment name.
      const journeys = await Promise.all(
        (await finding(story.employeeId, 'findings/file-access/files')).files
          .filter((f: any) => f.destinations.includes('usb'))
          .map(async (f: any) => {
            const reply = await finding(
              story.employeeId,
              `findings/file-access/files/${encodeURIComponent(f.id)}/events`,
            );
            return new Set(reply.events.map((e: any) => e.source));
          }),
      );
      expect(journeys.some((sources) => sources.has('m365') && sources.has('windows'))).toBe(true);
    }
  });

  it('departing exfiltration: what the sankey shows leaving, mail included, is what the counts and the file list count; the summary counts the sensitive part that went to risky places', async () => {
    for (const story of departures()) {
      const sankey = await finding(story.employeeId, 'findings/file-access/sankey');
      const nodes = sankey.nodes as Array<{ label: string; column: string }>;
      const leavingFrom = new Map<string, number>();
      for (const l of sankey.links.filter((x: any) => x.leaving)) {
        const from = nodes[l.source]!;
        if (from.column === 'label')
          leavingFrom.set(from.label, (leavingFrom.get(from.label) ?? 0) + l.value);
      }
      const intoMail = sankey.links.filter(
        (l: any) => l.leaving && nodes[l.target]!.label === 'Personal email',
      );
      expect(intoMail.length).toBeGreaterThan(0);

      const access = await finding(story.employeeId, 'findings/file-access');
      const sankeyTotal = [...leavingFrom.values()].reduce((a, b) => a + b, 0);
      expect(access.totals.leaving).toBe(sankeyTotal);
      for (const row of access.byLabel)
        expect(row.leaving, row.label).toBe(leavingFrom.get(row.label) ?? 0);

      const sensitive = new Set<string>(access.sensitiveLabels);
      const files = await finding(story.employeeId, 'findings/file-access/files');
      expect(files.files.some((f: any) => f.destinations.includes('personal_email'))).toBe(true);
      // Each attachment of a mail is a file of its own with its own label: no "a.docx; b.xlsx"
      // rows, labelled files mailed out keep their label, and a mail with several attachments
      // moved as many files as it carried.
      expect(files.files.filter((f: any) => / ?; /.test(f.id))).toEqual([]);
      const mailedOut = files.files.filter((f: any) => f.destinations.includes('personal_email'));
      expect(mailedOut.some((f: any) => sensitive.has(f.label))).toBe(true);
      expect(files.files.reduce((s: number, f: any) => s + f.leaving, 0)).toBeGreaterThanOrEqual(
        sankeyTotal,
      );
      const mailed = files.files.find((f: any) => f.destinations.includes('personal_email'));
      const events = await finding(
        story.employeeId,
        `findings/file-access/files/${encodeURIComponent(mailed.id)}/events`,
      );
      expect(events.events.some((e: any) => e.activity === 'email_send')).toBe(true);

      // The summary counts the sensitive ones that went to a risky place: the file-access
      // page's "… to risky places" figures summed (USB and personal mail are among them here).
      const summary = await finding(story.employeeId, 'summary');
      const sensitiveToRisky = access.byLabel
        .filter((l: any) => sensitive.has(l.label))
        .reduce((s: number, l: any) => s + l.leavingRisky, 0);
      expect(sensitiveToRisky).toBeGreaterThan(0);
      expect(summary.figures.find((f: any) => f.id === 'sensitive-leaving').value).toBe(
        sensitiveToRisky,
      );
    }
  });

  it('mass repository clone: a bulk clone day of never-touched repositories', async () => {
    const story = storyline(manifest, 'mass-repo-clone');
    const repos = await finding(story.employeeId, 'findings/code-repos');
    const day = story.start.slice(0, 10);
    const bulk = repos.bulkClones.find((b: any) => b.date === day);
    expect(bulk?.repositories).toBeGreaterThanOrEqual(20);
    expect(bulk?.newRepositories).toBeGreaterThanOrEqual(10);
    expect(repos.summary.clones).toBeGreaterThanOrEqual(Number(story.details.cloned));
    const fresh = repos.repositories.filter((r: any) => r.newToSubject);
    expect(fresh.length).toBeGreaterThanOrEqual(Number(story.details.neverTouched) / 2);
    // Only the bulk-cloned ones are new: repositories of the subject's first two weeks are not.
    expect(fresh.length).toBeLessThanOrEqual(Number(story.details.neverTouched));
    expect(fresh.every((r: any) => r.firstSeen >= story.startMs)).toBe(true);
    const firstDay = Math.min(...repos.repositories.map((r: any) => r.firstSeen));
    const early = repos.repositories.filter((r: any) => r.firstSeen < firstDay + 14 * 86_400_000);
    expect(early.length).toBeGreaterThan(0);
    expect(early.filter((r: any) => r.newToSubject)).toEqual([]);
  });

  it('access outside role: only the app the new access unlocked is new and flagged; the usual ones are not', async () => {
    const story = storyline(manifest, 'access-outside-role');
    await analysisDone(story.employeeId);
    const { apps } = await finding(story.employeeId, 'findings/app-access');
    const firstDay = Math.min(...apps.map((a: any) => a.firstSeen));
    const usual = apps.filter((a: any) => a.firstSeen < firstDay + 86_400_000);
    expect(usual.length).toBeGreaterThan(0);
    expect(usual.filter((a: any) => a.newInWindow)).toEqual([]);
    const flagged = apps.filter((a: any) => a.flagged);
    expect(flagged.length).toBeGreaterThanOrEqual(1);
    expect(flagged.every((a: any) => a.newInWindow && a.firstSeen >= story.startMs)).toBe(true);
    expect(flagged[0].reasons[0]).toMatch(/first used during the investigation window/);
  });

  it('after hours: the shift shows in the weekly off-hours share and as days that break the pattern', async () => {
    const story = storyline(manifest, 'after-hours');
    const hours = await finding(story.employeeId, 'findings/working-hours');
    expect(hours.timezone).toBe(story.details.timezone);
    const from = String(story.details.firstDay);
    const to = String(story.details.lastDay);
    const inside = hours.anomalousDays.filter((d: any) => d.date >= from && d.date <= to);
    expect(inside.length).toBeGreaterThanOrEqual(8);
    expect(hours.anomalousDays.length - inside.length).toBeLessThanOrEqual(2);
    const shifted = (date: string, days: number) =>
      new Date(Date.parse(date) + days * 86_400_000).toISOString().slice(0, 10);
    const before = hours.weeks.filter((w: any) => shifted(w.weekStart, 7) <= from && w.events > 20);
    const during = hours.weeks.filter(
      (w: any) => w.weekStart >= from && shifted(w.weekStart, 6) <= to && w.events > 20,
    );
    expect(before.length).toBeGreaterThan(0);
    expect(during.length).toBeGreaterThan(0);
    expect(Math.max(...before.map((w: any) => w.share))).toBeLessThan(0.3);
    expect(Math.min(...during.map((w: any) => w.share))).toBeGreaterThan(0.6);
    expect(hours.heatmap).toHaveLength(7);
  });

  it('after hours: the summary rates the off-hours share by how far it is above the ordinary, so an ordinary share is not an alarm', async () => {
    const offHours = async (employeeId: string) =>
      (await finding(employeeId, 'summary')).figures.find((f: any) => f.id === 'off-hours');
    expect((await offHours(storyline(manifest, 'after-hours').employeeId)).severity).toBe('high');
    const involved = new Set(manifest.scenarios.map((s) => s.employeeId));
    const others = manifest.employees.map((e) => String(e.id)).filter((id) => !involved.has(id));
    for (const employeeId of [
      ...others,
      storyline(manifest, 'departing-exfiltration').employeeId,
    ]) {
      const figure = await offHours(employeeId);
      expect(figure.value, employeeId).toBeLessThanOrEqual(20);
      expect(['none', 'low'], `${employeeId} ${figure.value}%`).toContain(figure.severity);
    }
  });

  it('access outside role: privileged requests outside the peer norm and after resignation are flagged', async () => {
    const story = storyline(manifest, 'access-outside-role');
    const requests = await finding(story.employeeId, 'findings/access-requests');
    expect(requests.resignationDate).toBe(story.details.resignationDate);
    const flagged = requests.requests.filter((r: any) => r.flagged);
    expect(flagged.length).toBeGreaterThanOrEqual(4);
    expect(flagged.some((r: any) => r.afterResignation)).toBe(true);
    expect(flagged.every((r: any) => r.privileged || r.afterResignation)).toBe(true);
  });

  it('security tampering: MFA removal, admin grant, Defender disabled and logs cleared, with PowerShell techniques', async () => {
    const story = storyline(manifest, 'security-tampering');
    const hygiene = await finding(story.employeeId, 'findings/security-hygiene');
    const item = (id: string) => hygiene.items.find((i: any) => i.id === id);
    expect(item('security-tools-tampered').severity).toBe('critical');
    expect(item('logs-cleared').severity).toBe('critical');
    expect(item('mfa-disabled').count).toBeGreaterThanOrEqual(1);
    expect(item('admin-rights').count).toBeGreaterThanOrEqual(1);
    const detail = await finding(
      story.employeeId,
      'findings/security-hygiene/security-tools-tampered',
    );
    expect(detail.events.length).toBeGreaterThanOrEqual(1);
    expect(detail.events[0].why).toMatch(/Defender/);

    const ps = await finding(story.employeeId, 'findings/powershell-pseudo-commands');
    const techniques = ps.techniques.map((x: any) => x.id);
    for (const id of ['T1562.001', 'T1070.001', 'T1027']) expect(techniques).toContain(id);
    const decoded = ps.commands.find((c: any) => c.decoded);
    expect(decoded?.command).toMatch(/Set-MpPreference -DisableScriptScanning/);
    expect(
      ps.commands.every(
        (c: any) => !/C:\\Users\\[a-z]+\\/i.test(c.command) || /<user>/.test(c.command),
      ),
    ).toBe(true);
  });

  it('mass deletion: one burst of hundreds of files and mail items', async () => {
    const story = storyline(manifest, 'mass-deletion');
    const deletions = await finding(story.employeeId, 'findings/deletions');
    expect(deletions.bursts.length).toBeGreaterThanOrEqual(1);
    const burst = deletions.bursts[0];
    expect(burst.start).toBeLessThanOrEqual(story.endMs);
    expect(burst.end).toBeGreaterThanOrEqual(story.startMs);
    expect(deletions.summary.files).toBeGreaterThanOrEqual(200);
    expect(deletions.summary.mailItems).toBeGreaterThanOrEqual(
      Number(story.details.mailItemsHardDeleted) * 0.9,
    );
    expect(deletions.events.length).toBeGreaterThan(0);
  });

  it('competitor contact: mentions with snippets, and the competitor in the contact graph', async () => {
    const story = storyline(manifest, 'competitor-contact');
    const competitor = String(story.details.competitor);
    const mentions = await finding(story.employeeId, 'findings/competitor-mentions');
    const entry = mentions.competitors.find((c: any) => c.name === competitor);
    expect(entry?.mentions).toBeGreaterThanOrEqual(8);
    expect(
      mentions.mentions.some(
        (m: any) => m.channel === 'chat' && m.snippet.includes(competitor) && m.external,
      ),
    ).toBe(true);
    expect(
      mentions.mentions.some(
        (m: any) => m.channel === 'email' && m.counterparties.includes(story.details.contact),
      ),
    ).toBe(true);

    const graph = await finding(story.employeeId, 'findings/communications-analysis', { hops: 2 });
    const contact = graph.nodes.find((n: any) => n.id === `p:${String(story.details.contact)}`);
    expect(contact).toMatchObject({ external: true, competitor });
    expect(
      graph.nodes.find((n: any) => n.id === `d:${String(story.details.competitorDomain)}`)
        ?.competitor,
    ).toBe(competitor);
    expect(graph.edges.some((e: any) => e.target === contact.id || e.source === contact.id)).toBe(
      true,
    );
    expect(graph.summary.competitors).toBeGreaterThanOrEqual(1);
  });

  it('cloud upload: labelled files shared by public link and to a personal account', async () => {
    const story = storyline(manifest, 'cloud-upload');
    const sankey = await finding(story.employeeId, 'findings/file-access/sankey');
    const targets = sankey.links
      .filter((l: any) => l.leaving)
      .map((l: any) => sankey.nodes[l.target].label);
    expect(targets).toContain('Public link');
    const counts = await finding(story.employeeId, 'evidence/anomaly-counts');
    expect(counts.counts['file-access']).toBeGreaterThanOrEqual(5);
  });
});

describe('the locker index', () => {
  it('summarizes the departing employee, counts anomalies per page and suggests remediation naming its finding', async () => {
    const story = storyline(manifest, 'departing-exfiltration');
    const summary = await finding(story.employeeId, 'summary');
    expect(summary.narrative.join(' ')).toMatch(/resigned/);
    expect(summary.figures.find((f: any) => f.id === 'usb-writes').value).toBeGreaterThan(0);
    const counts = await finding(story.employeeId, 'evidence/anomaly-counts');
    expect(counts.counts.devices).toBeGreaterThan(0);
    expect(counts.total).toBeGreaterThan(0);
    const remediation = await finding(story.employeeId, 'remediation-suggestions');
    expect(remediation.suggestions[0].priority).toBe(1);
    expect(remediation.suggestions.map((s: any) => s.finding.page)).toContain('devices');
  });

  it('lists, filters and pages the subject’s events, and opens one with its raw record', async () => {
    const story = storyline(manifest, 'mass-repo-clone');
    const first = await finding(story.employeeId, 'events', {
      category: 'repo',
      activity: 'repo_clone',
      limit: 10,
    });
    expect(first.rows).toHaveLength(10);
    expect(first.rows.every((r: any) => r.activity === 'repo_clone')).toBe(true);
    const second = await finding(story.employeeId, 'events', {
      category: 'repo',
      activity: 'repo_clone',
      limit: 10,
      cursor: first.nextCursor,
    });
    expect(second.rows[0].time).toBeLessThanOrEqual(first.rows[9].time);
    expect(second.rows.map((r: any) => r.id)).not.toContain(first.rows[9].id);
    const one = await finding(story.employeeId, `events/${first.rows[0].id}`);
    expect(one.event.id).toBe(first.rows[0].id);
    expect(one.raw).toMatchObject({ action: 'git.clone' });
    const search = await finding(story.employeeId, 'events', {
      q: String(story.details.repositories && (story.details.repositories as string[])[0]),
    });
    expect(search.rows.length).toBeGreaterThan(0);
  });

  it('searches mail by recipient domain, so a mail domain of the communications page drills down to its mails', async () => {
    const story = storyline(manifest, 'departing-exfiltration');
    const domain = String(story.details.personalEmail).split('@')[1]!;
    const mail = await finding(story.employeeId, 'findings/external-emails');
    expect(mail.domains.some((d: any) => d.domain === domain)).toBe(true);
    const search = await finding(story.employeeId, 'events', { q: domain, category: 'email' });
    expect(search.rows.length).toBeGreaterThanOrEqual(mail.summary.personal);
    for (const row of search.rows.slice(0, 5)) {
      const { fields } = await finding(story.employeeId, `events/${row.id}`);
      expect(String(fields.email_recipients)).toContain(`@${domain}`);
    }
  });

  it('speaks in words, not machine ids: chat shares name their conversation, remediation rationales are sentences', async () => {
    const subjects = [...new Set(manifest.scenarios.map((s) => s.employeeId))];
    const slackId = /^[CDG][A-Z0-9]{6,}$/;
    let direct = 0;
    let rationales = 0;
    for (const employeeId of [...subjects, bystander(manifest)]) {
      const { shares } = await finding(employeeId, 'findings/slack-shares');
      for (const share of shares) {
        expect(share.channel ?? '', JSON.stringify(share)).not.toMatch(slackId);
        if (share.direct) {
          direct += 1;
          expect(share.channel).toMatch(/^Direct message/);
        }
      }
      const { suggestions } = await finding(employeeId, 'remediation-suggestions');
      for (const s of suggestions) {
        rationales += 1;
        expect(s.rationale, s.id).toMatch(/^[A-Z0-9].* .* .*[.]$/);
      }
    }
    expect(direct).toBeGreaterThan(0);
    expect(rationales).toBeGreaterThan(0);

    // An archiver run (the dataset has none): its suggestion says so in a sentence, not "7z.exe".
    const story = storyline(manifest, 'mass-repo-clone');
    await t.db
      .insertInto('events')
      .values({
        source: 'windows',
        source_event_id: 'scenario-test-7z',
        integration_id: null,
        time: story.startMs,
        employee_id: story.employeeId,
        class_uid: 1007,
        activity_id: 1,
        category: 'process',
        activity: 'process_start',
        action: 'sysmon.1',
        outcome: 'success',
        actor_email: null,
        actor_id: null,
        app: null,
        ip: null,
        location: null,
        file_id: null,
        file_name: null,
        file_path: null,
        file_size: null,
        file_label: null,
        file_destination: null,
        email_recipients: null,
        email_external: null,
        email_domains: null,
        email_subject: null,
        email_attachments: null,
        email_size: null,
        chat_channel: null,
        chat_external: null,
        chat_direct: null,
        chat_text: null,
        repository: null,
        device_id: null,
        device_name: null,
        device_managed: null,
        device_os: null,
        removable_media: null,
        process_name: 'C:\\Program Files\\7-Zip\\7z.exe',
        command_line: '7z.exe a out.7z C:\\Users\\x\\Documents',
        parent_process: null,
        target: null,
        attributes: '{}',
        raw: null,
        ingested_at: Date.now(),
      })
      .execute();
    const { suggestions } = await finding(story.employeeId, 'remediation-suggestions');
    const apps = suggestions.find((s: any) => s.id === 'apps');
    expect(apps.rationale).toBe(
      'One tool that can move or hide data ran on the subject’s devices: 7z.exe (archiver), run 1 time.',
    );
  });

  it('app access: per app, stats, chart and paged accesses; pending while the analysis runs', async () => {
    const story = storyline(manifest, 'access-outside-role');
    const id = await caseOf(story.employeeId);
    // As when the case's analysis run has ended.
    await t.db
      .updateTable('investigations')
      .set({ analysis_state: 'idle' })
      .where('id', '=', id)
      .execute();
    const apps = await finding(story.employeeId, 'findings/app-access');
    expect(apps.pending).toBe(false);
    expect(apps.apps.length).toBeGreaterThan(3);
    const stats = await finding(story.employeeId, 'findings/app-access/stats');
    expect(stats.accesses).toBe(apps.apps.reduce((s: number, a: any) => s + a.accesses, 0));
    const chart = await finding(story.employeeId, 'findings/app-access/daily-chart');
    expect(chart.series[0].counts).toHaveLength(chart.days.length);
    const app = apps.apps[0].app;
    const page = await finding(story.employeeId, 'findings/app-access/accesses', { app, limit: 5 });
    expect(page.rows.every((r: any) => r.app === app)).toBe(true);
    const dated = await finding(story.employeeId, 'findings/app-access/accesses', {
      startDate: '2026-11-01',
      endDate: '2026-11-02',
    });
    expect(
      dated.rows.every(
        (r: any) => r.time >= Date.UTC(2026, 10, 1) && r.time < Date.UTC(2026, 10, 3),
      ),
    ).toBe(true);

    await t.db
      .updateTable('investigations')
      .set({ analysis_state: 'running' })
      .where('id', '=', id)
      .execute();
    for (const path of [
      'findings/app-access',
      'findings/app-access/stats',
      'findings/app-access/daily-chart',
      'findings/app-access/accesses',
    ]) {
      expect((await finding(story.employeeId, path)).pending).toBe(true);
    }
    await t.db
      .updateTable('investigations')
      .set({ analysis_state: 'idle' })
      .where('id', '=', id)
      .execute();
  });

  it('audits every finding read as evidence.read with the page', async () => {
    const story = storyline(manifest, 'mass-deletion');
    await finding(story.employeeId, 'findings/deletions');
    const rows = await t.db
      .selectFrom('audit_log')
      .select(['action', 'details', 'target_id'])
      .where('action', '=', 'evidence.read')
      .where('target_id', '=', await caseOf(story.employeeId))
      .execute();
    expect(rows.some((r) => JSON.stringify(r.details).includes('deletions'))).toBe(true);
  });
});

describe('an employee without a storyline raises no alarm', () => {
  // Tolerance: at most two working-hours days and nothing else, for each of them. Their cases
  // are analysed, so app access (empty while an analysis runs) counts too.
  it('anomaly counts stay at zero (working hours: at most two days) for people without storylines', async () => {
    const involved = new Set(manifest.scenarios.map((s) => s.employeeId));
    const quiet = manifest.employees
      .map((e) => String(e.id))
      .filter((id) => !involved.has(id))
      .slice(0, 10);
    expect(quiet).toContain(bystander(manifest));
    for (const employeeId of quiet) {
      await analysisDone(employeeId);
      const { counts } = await finding(employeeId, 'evidence/anomaly-counts');
      const { 'working-hours': days, ...rest } = counts;
      expect(days, employeeId).toBeLessThanOrEqual(2);
      expect(
        Object.values(rest).reduce((a: number, b) => a + Number(b), 0),
        `${employeeId} ${JSON.stringify(rest)}`,
      ).toBe(0);
    }
  });
});
