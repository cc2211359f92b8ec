import type { FindingReplies } from './finding-replies';
import { formatBytes, formatTime, humanize } from './report-format';
import type { ReportTable } from './report-model';

/** A cell as the finding gave it; a `time` column holds epoch ms. */
export type Cell = string | number | boolean | null;

/** A column: its heading, and whether it holds times. */
export interface Column {
  name: string;
  kind?: 'time' | 'bytes' | 'share';
}

/** One table of a finding, whole: every row its endpoint answers. */
export interface FindingTable {
  /** Its file in the export, `<page>/<table>.csv`. */
  file: string;
  /** The evidence page it belongs to. */
  page: string;
  title: string;
  columns: Column[];
  rows: Cell[][];
}

const t = (name: string): Column => ({ name, kind: 'time' });
const b = (name: string): Column => ({ name, kind: 'bytes' });
const share = (name: string): Column => ({ name, kind: 'share' });
const list = (values: readonly string[]) => values.join('; ');

/**
 * Every table of every finding a report reads, in evidence-page order. The export writes each
 * as a CSV; the report prints the first rows of those its pages show.
 */
export function findingTables(f: FindingReplies): FindingTable[] {
  const table = (
    page: string,
    name: string,
    title: string,
    columns: Column[],
    rows: Cell[][],
  ): FindingTable => ({ file: `${page}/${name}.csv`, page, title, columns, rows });
  return [
    table(
      'working-hours',
      'anomalous-days',
      'Days that break the usual pattern',
      [
        { name: 'Date' },
        { name: 'Events' },
        { name: 'Off hours' },
        share('Share off hours'),
        { name: 'Reason' },
      ],
      f.workingHours.anomalousDays.map((d) => [
        d.date,
        d.events,
        d.offHours,
        Math.round(d.share * 100) / 100,
        d.reason,
      ]),
    ),
    table(
      'working-hours',
      'weeks',
      'Weeks',
      [
        { name: 'Week starting' },
        { name: 'Events' },
        { name: 'Off hours' },
        share('Share off hours'),
      ],
      f.workingHours.weeks.map((w) => [
        w.weekStart,
        w.events,
        w.offHours,
        Math.round(w.share * 100) / 100,
      ]),
    ),
    table(
      'security-hygiene',
      'checks',
      'Security hygiene checks',
      [{ name: 'Check' }, { name: 'Severity' }, { name: 'Count' }, t('First seen'), t('Last seen')],
      f.securityHygiene.items.map((i) => [i.title, i.severity, i.count, i.firstSeen, i.lastSeen]),
    ),
    table(
      'powershell-commands',
      'commands',
      'Suspicious commands',
      [
        t('Time'),
        { name: 'Severity' },
        { name: 'Device' },
        { name: 'Techniques' },
        { name: 'Command' },
      ],
      f.powershell.commands.map((c) => [
        c.time,
        c.severity,
        c.device,
        list(c.techniques.map((h) => h.id)),
        c.command,
      ]),
    ),
    table(
      'local-apps',
      'apps',
      'Programs run',
      [
        { name: 'Program' },
        { name: 'Category' },
        { name: 'Risky' },
        { name: 'Runs' },
        { name: 'Installs' },
        { name: 'Days' },
        t('First seen'),
        t('Last seen'),
        { name: 'Path' },
      ],
      f.localApps.apps.map((a) => [
        a.name,
        a.category,
        a.risky,
        a.runs,
        a.installs,
        a.distinctDays,
        a.firstSeen,
        a.lastSeen,
        a.path,
      ]),
    ),
    table(
      'file-access',
      'by-label',
      'File activity by label',
      [
        { name: 'Label' },
        { name: 'Events' },
        b('Size'),
        { name: 'Leaving' },
        { name: 'To risky places' },
      ],
      f.fileAccess.byLabel.map((l) => [l.label, l.events, l.bytes, l.leaving, l.leavingRisky]),
    ),
    table(
      'file-access',
      'by-action',
      'File activity by action',
      [{ name: 'Action' }, { name: 'Events' }],
      f.fileAccess.byAction.map((a) => [humanize(a.action), a.events]),
    ),
    table(
      'file-access',
      'files',
      'Files handled',
      [
        { name: 'File' },
        { name: 'Label' },
        { name: 'Events' },
        { name: 'Downloads' },
        { name: 'Shares' },
        { name: 'Leaving' },
        { name: 'Destinations' },
        t('First seen'),
        t('Last seen'),
        { name: 'Path' },
      ],
      [...f.files.files]
        .sort((x, y) => y.leaving - x.leaving || y.events - x.events)
        .map((file) => [
          file.name ?? file.id,
          file.label,
          file.events,
          file.downloads,
          file.shares,
          file.leaving,
          list(file.destinations.map(humanize)),
          file.firstSeen,
          file.lastSeen,
          file.path,
        ]),
    ),
    table(
      'devices',
      'devices',
      'Devices',
      [
        { name: 'Device' },
        { name: 'OS' },
        { name: 'Managed' },
        { name: 'Compliance' },
        { name: 'Flagged' },
        { name: 'Removable media writes' },
        { name: 'Observations' },
        t('First seen'),
        t('Last seen'),
      ],
      f.devices.devices.map((d) => [
        d.name,
        d.os,
        d.managed,
        d.compliance,
        d.flagged,
        d.removableMediaWrites,
        d.observations,
        d.firstSeen,
        d.lastSeen,
      ]),
    ),
    table(
      'devices',
      'removable-media-writes',
      'Files written to removable media',
      [t('Time'), { name: 'File' }, { name: 'Label' }, { name: 'Device' }, { name: 'Event' }],
      f.devices.removableMedia.events.map((e) => [e.time, e.fileName, e.fileLabel, e.device, e.id]),
    ),
    table(
      'deletions',
      'bursts',
      'Deletion bursts',
      [
        t('From'),
        t('To'),
        { name: 'Files' },
        { name: 'Mail' },
        { name: 'Messages' },
        { name: 'Labelled' },
      ],
      f.deletions.bursts.map((d) => [d.start, d.end, d.files, d.mail, d.messages, d.labelled]),
    ),
    table(
      'deletions',
      'events',
      'Deletions',
      [t('Time'), { name: 'What' }, { name: 'Source' }, { name: 'Event' }],
      f.deletions.events.map((e) => [e.time, e.summary, e.source, e.id]),
    ),
    table(
      'communications-analysis',
      'external-email-domains',
      'Mail outside the company, by domain',
      [
        { name: 'Domain' },
        { name: 'Kind' },
        { name: 'Messages' },
        { name: 'Attachments' },
        b('Size'),
        t('Last seen'),
      ],
      f.externalEmails.domains.map((d) => [
        d.domain,
        d.kind,
        d.messages,
        d.attachments,
        d.bytes,
        d.lastSeen,
      ]),
    ),
    table(
      'communications-analysis',
      'external-emails',
      'Mail outside the company',
      [
        t('Time'),
        { name: 'Kind' },
        { name: 'Subject' },
        { name: 'Recipients' },
        { name: 'Attachments' },
        { name: 'Label' },
      ],
      f.externalEmails.messages.map((m) => [
        m.time,
        m.kind,
        m.subject,
        list(m.recipients),
        m.attachments,
        m.label,
      ]),
    ),
    table(
      'communications-analysis',
      'competitor-mentions',
      'Mentions of competitors',
      [
        t('Time'),
        { name: 'Competitor' },
        { name: 'Channel' },
        { name: 'External' },
        { name: 'Snippet' },
      ],
      f.competitorMentions.mentions.map((m) => [
        m.time,
        m.competitor,
        humanize(m.channel),
        m.external,
        m.snippet,
      ]),
    ),
    table(
      'communications-analysis',
      'chat-shares',
      'Files shared in chat',
      [
        t('Time'),
        { name: 'File' },
        { name: 'Label' },
        { name: 'Channel' },
        { name: 'External' },
        { name: 'Destination' },
      ],
      f.slackShares.shares.map((s) => [
        s.time,
        s.file,
        s.label,
        s.channel,
        s.external,
        s.destination ? humanize(s.destination) : null,
      ]),
    ),
    table(
      'communications-analysis',
      'chat-downloads',
      'Files downloaded from chat',
      [{ name: 'File' }, { name: 'Downloads' }, t('Last seen')],
      f.slackDownloads.files.map((d) => [d.name ?? d.fileId, d.downloads, d.lastSeen]),
    ),
    table(
      'communications-analysis',
      'contacts',
      'Contacts (one hop)',
      [
        { name: 'Contact' },
        { name: 'Kind' },
        { name: 'Messages' },
        { name: 'External' },
        { name: 'Personal' },
        { name: 'Competitor' },
      ],
      f.communications.nodes
        .filter((n) => n.kind !== 'subject')
        .sort((x, y) => y.weight - x.weight)
        .map((n) => [n.label, n.kind, n.weight, n.external, n.personal, n.competitor]),
    ),
    table(
      'code-repos',
      'bulk-clones',
      'Days of bulk cloning',
      [{ name: 'Date' }, { name: 'Repositories' }, { name: 'New to the subject' }],
      f.codeRepos.bulkClones.map((c) => [c.date, c.repositories, c.newRepositories]),
    ),
    table(
      'code-repos',
      'repositories',
      'Repositories touched',
      [
        { name: 'Repository' },
        { name: 'Clones' },
        { name: 'Downloads' },
        { name: 'Pushes' },
        { name: 'Fetches' },
        { name: 'Days' },
        { name: 'New' },
        t('First seen'),
        t('Last seen'),
      ],
      f.codeRepos.repositories.map((r) => [
        r.repository,
        r.clones,
        r.downloads,
        r.pushes,
        r.fetches,
        r.distinctDays,
        r.newToSubject,
        r.firstSeen,
        r.lastSeen,
      ]),
    ),
    table(
      'app-access',
      'apps',
      'Applications',
      [
        { name: 'Application' },
        { name: 'Accesses' },
        { name: 'Failures' },
        { name: 'Days' },
        share('Share off hours'),
        { name: 'Flagged' },
        { name: 'Why' },
        t('First seen'),
        t('Last seen'),
      ],
      f.appAccess.apps.map((a) => [
        a.app,
        a.accesses,
        a.failures,
        a.distinctDays,
        Math.round(a.offHoursShare * 100) / 100,
        a.flagged,
        list(a.reasons),
        a.firstSeen,
        a.lastSeen,
      ]),
    ),
    table(
      'access-requests',
      'requests',
      'Access requests',
      [
        t('Time'),
        { name: 'Resource' },
        { name: 'Role' },
        { name: 'Status' },
        { name: 'Flagged' },
        share('Peers asking'),
        { name: 'Why' },
      ],
      f.accessRequests.requests.map((r) => [
        r.time,
        r.resource,
        r.role,
        r.status,
        r.flagged,
        Math.round(r.peerShare * 100) / 100,
        list(r.reasons),
      ]),
    ),
  ];
}

/** A cell as a report prints it. */
export function displayCell(cell: Cell, column: Column): string {
  if (cell === null || cell === '') return '—';
  if (typeof cell === 'boolean') return cell ? 'yes' : 'no';
  if (typeof cell === 'number') {
    if (column.kind === 'time') return formatTime(cell);
    if (column.kind === 'bytes') return formatBytes(cell);
    if (column.kind === 'share') return `${Math.round(cell * 100)}%`;
    return Number.isInteger(cell) ? cell.toLocaleString('en-US') : String(cell);
  }
  return cell;
}

/** The first `limit` rows of a finding table, as a report prints them. */
export function reportTable(table: FindingTable, limit: number): ReportTable {
  return {
    title: table.title,
    columns: table.columns.map((c) => c.name),
    rows: table.rows
      .slice(0, limit)
      .map((row) => row.map((cell, i) => displayCell(cell, table.columns[i]!))),
    total: table.rows.length,
  };
}
