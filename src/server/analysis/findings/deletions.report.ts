import { formatCount, plural } from '../../../shared/wording';
import type { DetectorParts } from './define-detector';
import { timeColumn } from './topic-report';

/** What the summary, the remediation and the report say of deletions. */
export const deletionsParts: DetectorParts<'deletions'> = {
  narrative: ({ deletions }) => ({
    lines: deletions.bursts.length
      ? [
          `${plural(deletions.bursts.length, 'deletion burst')} removed ${plural(deletions.summary.files, 'file')} and ${plural(deletions.summary.mailItems, 'mail item')}.`,
        ]
      : [],
  }),
  remediation: ({ deletions }) =>
    deletions.bursts.length
      ? [
          {
            id: 'deletions',
            severity: 'high',
            urgency: 7,
            title: 'Mass deletion',
            action:
              'Restore deleted files from the recycle bins and backups, and place the mailbox on litigation hold.',
            rationale: `${plural(deletions.summary.files, 'file')} and ${plural(deletions.summary.mailItems, 'mail item')} deleted in bursts.`,
          },
        ]
      : [],
  report: {
    charts: (deletions) => [
      {
        title: 'Deletions per day',
        kind: 'bar',
        labels: deletions.daily.map((d) => d.date),
        series: [
          { name: 'Files', values: deletions.daily.map((d) => d.files) },
          { name: 'Mail', values: deletions.daily.map((d) => d.mail) },
          { name: 'Messages', values: deletions.daily.map((d) => d.messages) },
        ],
      },
    ],
    facts: (deletions) => [
      { label: 'Files deleted', value: formatCount(deletions.summary.files) },
      { label: 'Mail items deleted', value: formatCount(deletions.summary.mailItems) },
    ],
    tables: (deletions) => [
      {
        name: 'bursts',
        title: 'Deletion bursts',
        columns: [
          timeColumn('From'),
          timeColumn('To'),
          { name: 'Files' },
          { name: 'Mail' },
          { name: 'Messages' },
          { name: 'Labelled' },
        ],
        rows: deletions.bursts.map((d) => [
          d.start,
          d.end,
          d.files,
          d.mail,
          d.messages,
          d.labelled,
        ]),
      },
      {
        name: 'events',
        title: 'Deletions',
        columns: [timeColumn('Time'), { name: 'What' }, { name: 'Source' }, { name: 'Event' }],
        rows: deletions.events.map((e) => [e.time, e.summary, e.source, e.id]),
      },
    ],
  },
};
