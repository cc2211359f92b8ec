import { evidencePages, evidencePageSlugs } from '../../../shared/findings/catalogue';
import type { EvidencePageSlug } from '../../../shared/findings/catalogue';
import { plural } from '../../../shared/wording';
import type { FindingReplies } from './finding-replies';
import { reportTable } from './finding-table';
import type { FindingTable } from './finding-table';
import { formatBytes, formatCount } from './report-format';
import type { ReportChart, ReportFindingPage } from './report-model';

/** The rows of each table a report prints; the export carries every row. */
export const REPORT_TABLE_ROWS = 12;

type Fact = ReportFindingPage['facts'][number];

/** The charts that carry each page's key figures, drawn from the figures' own series. */
function charts(page: EvidencePageSlug, f: FindingReplies): ReportChart[] {
  switch (page) {
    case 'working-hours':
      return [
        {
          title: 'Share of activity off hours, by week',
          kind: 'line',
          labels: f.workingHours.weeks.map((w) => w.weekStart),
          series: [
            {
              name: 'Off hours',
              values: f.workingHours.weeks.map((w) => Math.round(w.share * 100)),
            },
          ],
          unit: '%',
        },
      ];
    case 'security-hygiene':
      return [
        {
          title: 'Findings per check',
          kind: 'bar',
          labels: f.securityHygiene.items.map((i) => i.title),
          series: [{ name: 'Count', values: f.securityHygiene.items.map((i) => i.count) }],
        },
      ];
    case 'powershell-commands':
      return f.powershell.techniques.length
        ? [
            {
              title: 'Suspicious commands by ATT&CK technique',
              kind: 'bar',
              labels: f.powershell.techniques.map((t) => t.id),
              series: [
                { name: 'Commands', values: f.powershell.techniques.map((t) => t.commands) },
              ],
            },
          ]
        : [];
    case 'file-access':
      return [
        {
          title: 'File activity per day',
          kind: 'line',
          labels: f.fileAccess.daily.map((d) => d.date),
          series: [
            { name: 'Sensitive', values: f.fileAccess.daily.map((d) => d.sensitive) },
            { name: 'Leaving', values: f.fileAccess.daily.map((d) => d.leaving) },
          ],
        },
      ];
    case 'devices':
      return [
        {
          title: 'Files written to removable media per day',
          kind: 'bar',
          labels: f.devices.removableMedia.days.map((d) => d.date),
          series: [{ name: 'Writes', values: f.devices.removableMedia.days.map((d) => d.count) }],
        },
      ];
    case 'deletions':
      return [
        {
          title: 'Deletions per day',
          kind: 'bar',
          labels: f.deletions.daily.map((d) => d.date),
          series: [
            { name: 'Files', values: f.deletions.daily.map((d) => d.files) },
            { name: 'Mail', values: f.deletions.daily.map((d) => d.mail) },
            { name: 'Messages', values: f.deletions.daily.map((d) => d.messages) },
          ],
        },
      ];
    case 'communications-analysis':
      return [
        {
          title: 'Mail outside the company per day',
          kind: 'bar',
          labels: f.externalEmails.daily.map((d) => d.date),
          series: [
            {
              name: 'Business',
              values: f.externalEmails.daily.map((d) => d.external - d.personal),
            },
            { name: 'Personal', values: f.externalEmails.daily.map((d) => d.personal) },
          ],
        },
      ];
    case 'code-repos':
      return [
        {
          title: 'Repository clones and downloads per day',
          kind: 'bar',
          labels: f.codeRepos.daily.map((d) => d.date),
          series: [
            { name: 'Clones', values: f.codeRepos.daily.map((d) => d.clones) },
            { name: 'Downloads', values: f.codeRepos.daily.map((d) => d.downloads) },
          ],
        },
      ];
    case 'app-access':
      return f.appAccessDailyChart.days.length
        ? [
            {
              title: 'Application sign-ins per day',
              kind: 'bar',
              labels: f.appAccessDailyChart.days,
              series: f.appAccessDailyChart.series.map((s) => ({ name: s.app, values: s.counts })),
            },
          ]
        : [];
    case 'local-apps':
    case 'access-requests':
      return [];
  }
}

/** One-line facts of each page beyond its key figures. */
function pageFacts(page: EvidencePageSlug, f: FindingReplies): Fact[] {
  switch (page) {
    case 'working-hours': {
      const { baseline, timezone, totalEvents, offHoursEvents } = f.workingHours;
      return [
        {
          label: 'Working hours',
          value: `${baseline.startHour}:00–${baseline.endHour}:00 ${timezone} (${baseline.source})`,
        },
        {
          label: 'Events off hours',
          value: `${formatCount(offHoursEvents)} of ${formatCount(totalEvents)}`,
        },
      ];
    }
    case 'file-access':
      return [
        { label: 'File events', value: formatCount(f.fileAccess.totals.events) },
        { label: 'Volume', value: formatBytes(f.fileAccess.totals.bytes) },
        {
          label: 'Movements out of company storage',
          value: formatCount(f.fileAccess.totals.leaving),
        },
      ];
    case 'devices':
      return [
        { label: 'Devices', value: formatCount(f.devices.devices.length) },
        { label: 'Written to removable media', value: removableMediaVolume(f.devices) },
      ];
    case 'communications-analysis':
      return [
        { label: 'Mails sent', value: formatCount(f.externalEmails.summary.sent) },
        { label: 'Outside the company', value: formatCount(f.externalEmails.summary.external) },
        {
          label: 'Files shared in chat outside',
          value: formatCount(f.slackShares.summary.external),
        },
      ];
    case 'code-repos':
      return [
        { label: 'Repositories', value: formatCount(f.codeRepos.summary.repositories) },
        { label: 'New to the subject', value: formatCount(f.codeRepos.summary.newRepositories) },
      ];
    case 'deletions':
      return [
        { label: 'Files deleted', value: formatCount(f.deletions.summary.files) },
        { label: 'Mail items deleted', value: formatCount(f.deletions.summary.mailItems) },
      ];
    case 'app-access':
      return [
        { label: 'Applications', value: formatCount(f.appAccess.apps.length) },
        { label: 'Flagged', value: formatCount(f.appAccess.apps.filter((a) => a.flagged).length) },
      ];
    case 'access-requests':
      return [
        { label: 'Requests', value: formatCount(f.accessRequests.summary.total) },
        { label: 'Resignation date', value: f.accessRequests.resignationDate ?? '—' },
      ];
    case 'local-apps':
      return [
        {
          label: 'Risky programs',
          value: formatCount(f.localApps.apps.filter((a) => a.risky).length),
        },
      ];
    case 'powershell-commands':
      return [
        { label: 'Script blocks', value: formatCount(f.powershell.summary.scriptBlocks) },
        { label: 'Encoded commands', value: formatCount(f.powershell.summary.encoded) },
      ];
    case 'security-hygiene':
      return [];
  }
}

/**
 * The key findings of every evidence page: its anomaly count, its key figures from the
 * summary, its own facts, the charts that carry them and the first rows of its tables.
 */
export function findingPages(
  f: FindingReplies,
  tables: readonly FindingTable[],
): ReportFindingPage[] {
  return evidencePageSlugs.map((slug) => {
    const figures: Fact[] = f.summary.figures
      .filter((figure) => figure.page === slug)
      .map((figure) => ({
        label: figure.label,
        value: `${formatCount(figure.value)}${figure.unit ?? ''}`,
        severity: figure.severity,
      }));
    return {
      slug,
      title: evidencePages[slug].title,
      anomalies: f.anomalyCounts.counts[slug] ?? 0,
      facts: [...figures, ...pageFacts(slug, f)],
      charts: charts(slug, f).filter((chart) => chart.labels.length > 0),
      tables: tables
        .filter((table) => table.page === slug && table.rows.length > 0)
        .map((table) => reportTable(table, REPORT_TABLE_ROWS)),
    };
  });
}

/**
 * What went to removable media: its volume, or, where the endpoint logs gave no sizes (Sysmon
 * and Windows audit events do not), the count of files rather than a false "0 B".
 */
export function removableMediaVolume(devices: {
  removableMedia: { writes: number; bytes: number };
}) {
  const { writes, bytes } = devices.removableMedia;
  if (bytes > 0 || writes === 0) return formatBytes(bytes);
  return `${plural(writes, 'file')}, sizes not logged`;
}
