import type { FileAccessReply } from '../../../shared/schemas/findings/file-access';
import { formatBytes, formatCount, humanize, plural } from '../../../shared/wording';
import type { DetectorParts } from './define-detector';
import { bytesColumn, listCell, timeColumn } from './topic-report';

/**
 * Sensitive file movements out of company storage: all of them (what the file-access page and
 * its sankey count), and those to risky places (removable media, personal mail and cloud,
 * public links, external shares), which is what makes them alarming.
 */
export function sensitiveLeaving(files: FileAccessReply): { all: number; risky: number } {
  const sensitive = files.byLabel.filter((l) => files.sensitiveLabels.includes(l.label));
  return {
    all: sensitive.reduce((s, l) => s + l.leaving, 0),
    risky: sensitive.reduce((s, l) => s + l.leavingRisky, 0),
  };
}

/** What the summary, the remediation and the report say of file access. */
export const fileAccessParts: DetectorParts<'fileAccess'> = {
  narrative: ({ fileAccess, devices }) => {
    const leaving = sensitiveLeaving(fileAccess);
    const usb = devices.removableMedia.writes;
    return {
      lines:
        leaving.risky || usb
          ? [
              `${plural(leaving.all, 'sensitive file movement')} left company storage (${leaving.risky} to removable media, personal mail or cloud, public links or external shares); ${plural(usb, 'file was', 'files were')} written to removable media.`,
            ]
          : [],
    };
  },
  remediation: ({ fileAccess, externalEmails }) => {
    const leaving = sensitiveLeaving(fileAccess);
    if (!leaving.risky && !externalEmails.summary.personal) return [];
    return [
      {
        id: 'exfiltration',
        severity: leaving.risky >= 10 ? 'high' : 'medium',
        urgency: 4,
        title: 'Sensitive files leaving',
        action:
          'Revoke external shares and public links, and ask the personal mail recipients for deletion through Legal.',
        rationale: `${plural(leaving.risky, 'sensitive file movement')} to removable media, personal mail or cloud, public links or external shares; ${plural(externalEmails.summary.personal, 'mail')} to personal addresses.`,
      },
    ];
  },
  report: {
    charts: (files) => [
      {
        title: 'File activity per day',
        kind: 'line',
        labels: files.daily.map((d) => d.date),
        series: [
          { name: 'Sensitive', values: files.daily.map((d) => d.sensitive) },
          { name: 'Leaving', values: files.daily.map((d) => d.leaving) },
        ],
      },
    ],
    facts: (files) => [
      { label: 'File events', value: formatCount(files.totals.events) },
      { label: 'Volume', value: formatBytes(files.totals.bytes) },
      { label: 'Movements out of company storage', value: formatCount(files.totals.leaving) },
    ],
    tables: (files) => [
      {
        name: 'by-label',
        title: 'File activity by label',
        columns: [
          { name: 'Label' },
          { name: 'Events' },
          bytesColumn('Size'),
          { name: 'Leaving' },
          { name: 'To risky places' },
        ],
        rows: files.byLabel.map((l) => [l.label, l.events, l.bytes, l.leaving, l.leavingRisky]),
      },
      {
        name: 'by-action',
        title: 'File activity by action',
        columns: [{ name: 'Action' }, { name: 'Events' }],
        rows: files.byAction.map((a) => [humanize(a.action), a.events]),
      },
    ],
  },
};

/** The files handled, as the report's table of them. */
export const filesParts: DetectorParts<'files'> = {
  report: {
    tables: (reply) => [
      {
        name: 'files',
        title: 'Files handled',
        columns: [
          { name: 'File' },
          { name: 'Label' },
          { name: 'Events' },
          { name: 'Downloads' },
          { name: 'Shares' },
          { name: 'Leaving' },
          { name: 'Destinations' },
          timeColumn('First seen'),
          timeColumn('Last seen'),
          { name: 'Path', inReport: false },
        ],
        rows: [...reply.files]
          .sort((x, y) => y.leaving - x.leaving || y.events - x.events)
          .map((file) => [
            file.name ?? file.id,
            file.label,
            file.events,
            file.downloads,
            file.shares,
            file.leaving,
            listCell(file.destinations.map(humanize)),
            file.firstSeen,
            file.lastSeen,
            file.path,
          ]),
      },
    ],
  },
};
