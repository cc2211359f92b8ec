import { offHoursPercent } from '../../../shared/schemas/subject-timeline';
import { formatCount, plural } from '../../../shared/wording';
import type { DetectorParts } from './define-detector';
import { shareCell, shareColumn } from './topic-report';

/** What the summary, the remediation and the report say of the subject's working hours. */
export const workingHoursParts: DetectorParts<'workingHours'> = {
  narrative: ({ workingHours }) => ({
    lines: workingHours.anomalousDays.length
      ? [
          `${plural(workingHours.anomalousDays.length, 'day')} broke the usual working pattern; ${offHoursPercent(workingHours)}% of activity fell outside working hours.`,
        ]
      : [],
  }),
  remediation: ({ workingHours }) =>
    workingHours.anomalousDays.length >= 3
      ? [
          {
            id: 'hours',
            severity: 'medium',
            urgency: 9,
            title: 'After-hours shift',
            action:
              'Ask the manager whether the after-hours work was expected before drawing conclusions.',
            rationale: `${plural(workingHours.anomalousDays.length, 'day')} broke the usual pattern.`,
          },
        ]
      : [],
  report: {
    charts: (hours) => [
      {
        title: 'Share of activity off hours, by week',
        kind: 'line',
        labels: hours.weeks.map((w) => w.weekStart),
        series: [{ name: 'Off hours', values: hours.weeks.map((w) => Math.round(w.share * 100)) }],
        unit: '%',
      },
    ],
    facts: ({ baseline, timezone, totalEvents, offHoursEvents }) => [
      {
        label: 'Working hours',
        value: `${baseline.startHour}:00–${baseline.endHour}:00 ${timezone} (${baseline.source})`,
      },
      {
        label: 'Events off hours',
        value: `${formatCount(offHoursEvents)} of ${formatCount(totalEvents)}`,
      },
    ],
    tables: (hours) => [
      {
        name: 'anomalous-days',
        title: 'Days that break the usual pattern',
        columns: [
          { name: 'Date' },
          { name: 'Events' },
          { name: 'Off hours' },
          shareColumn('Share off hours'),
          { name: 'Reason' },
        ],
        rows: hours.anomalousDays.map((d) => [
          d.date,
          d.events,
          d.offHours,
          shareCell(d.share),
          d.reason,
        ]),
      },
      {
        name: 'weeks',
        title: 'Weeks',
        columns: [
          { name: 'Week starting' },
          { name: 'Events' },
          { name: 'Off hours' },
          shareColumn('Share off hours'),
        ],
        rows: hours.weeks.map((w) => [w.weekStart, w.events, w.offHours, shareCell(w.share)]),
      },
    ],
  },
};
