import { formatCount } from '../../../shared/wording';
import type { DetectorParts } from './define-detector';
import { listCell, shareCell, shareColumn, timeColumn } from './topic-report';

/** What the report says of the applications the subject signed in to. */
export const appAccessParts: DetectorParts<'appAccess'> = {
  report: {
    facts: (reply) => [
      { label: 'Applications', value: formatCount(reply.apps.length) },
      { label: 'Flagged', value: formatCount(reply.apps.filter((a) => a.flagged).length) },
    ],
    tables: (reply) => [
      {
        name: 'apps',
        title: 'Applications',
        columns: [
          { name: 'Application' },
          { name: 'Accesses' },
          { name: 'Failures' },
          { name: 'Days' },
          shareColumn('Share off hours'),
          { name: 'Flagged' },
          { name: 'Why' },
          timeColumn('First seen'),
          timeColumn('Last seen'),
        ],
        rows: reply.apps.map((a) => [
          a.app,
          a.accesses,
          a.failures,
          a.distinctDays,
          shareCell(a.offHoursShare),
          a.flagged,
          listCell(a.reasons),
          a.firstSeen,
          a.lastSeen,
        ]),
      },
    ],
  },
};

/** The report's chart of sign-ins per day. */
export const appAccessDailyChartParts: DetectorParts<'appAccessDailyChart'> = {
  report: {
    charts: (chart) =>
      chart.days.length
        ? [
            {
              title: 'Application sign-ins per day',
              kind: 'bar',
              labels: chart.days,
              series: chart.series.map((s) => ({ name: s.app, values: s.counts })),
            },
          ]
        : [],
  },
};
