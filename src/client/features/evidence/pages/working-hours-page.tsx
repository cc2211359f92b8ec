import { useCallback } from 'react';

import type { WorkingHoursReply } from '../../../../shared/schemas/findings/working-hours';
import { offHoursOf, offHoursPercent } from '../../../../shared/schemas/subject-timeline';
import { useTopic } from '../../../api/findings/topics';
import { Chart } from '../../../components/chart/chart';
import type { ChartPoint } from '../../../components/chart/chart';
import { topLegend, withAlpha } from '../../../components/chart/chart-theme';
import { useChartColors } from '../../../components/chart/use-chart-colors';
import type { DataTableColumn } from '../../../components/data-table/data-table';
import { EvidencePage, useEvidencePage } from '../evidence-page';
import { timelineTo } from '../parts/timeline-link';
import { countColumn, percentColumn } from '../parts/columns';
import { EventsDialog } from '../parts/event-dialog';
import { FindingTable } from '../parts/finding-table';
import { pinFinding } from '../parts/pins';
import { Section } from '../parts/section';
import { workspace } from '../../../workspace/workspace-controller';

type Day = WorkingHoursReply['anomalousDays'][number];
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const WEEKDAY_NAMES = [
  'Mondays',
  'Tuesdays',
  'Wednesdays',
  'Thursdays',
  'Fridays',
  'Saturdays',
  'Sundays',
];
/** The weekly chart's second series (after the bars of events): the share off hours. */
const WEEK_SHARE = 1;

/** The heatmap cell a chart point is: weekday (0 Monday) and hour, or null. */
function cellOf(point: ChartPoint): { weekday: number; hour: number } | null {
  const weekday = WEEKDAYS.indexOf(String(point.y));
  const hour = Number(point.x);
  return weekday >= 0 && Number.isInteger(hour) ? { weekday, hour } : null;
}
/**
 * From nearly clear to the accent: quiet hours fade into the card in either theme, busy ones
 * stand out (Plotly's 'Blues' paints empty cells a loud blue on the dark theme).
 */
const heatScale = (accent: string): Array<[number, string]> => [
  [0, withAlpha(accent, 0.05)],
  [0.35, withAlpha(accent, 0.45)],
  [1, withAlpha(accent, 1)],
];
/** Every third hour is labelled, level, instead of 24 labels turned on their side. */
const HOUR_TICKS = Array.from({ length: 8 }, (_, i) => i * 3);

const dayColumns: DataTableColumn<Day>[] = [
  { id: 'date', header: 'Day', value: (d) => d.date, width: 120 },
  countColumn('events', 'Events', (d) => d.events, 90),
  percentColumn('share', 'Off hours', (d) => d.share, 100),
  {
    id: 'span',
    header: 'Active',
    value: (d) => `${d.firstHour}:00–${d.lastHour + 1}:00`,
    width: 120,
  },
  { id: 'reason', header: 'Why it stands out', value: (d) => d.reason },
];

const pinDay = pinFinding('working-hours');

/** When the subject works, in their own zone, against their usual hours; and when that changed. */
export default function WorkingHoursPage() {
  const page = useEvidencePage();
  const query = useTopic(page.id, 'workingHours', page.window);
  const { tones } = useChartColors();
  const reply = query.data;
  // A cell opens its events in the subject timeline: that weekday and hour of the subject's
  // clock over the window, which the server turns into the instants the cell counted.
  const describeCell = useCallback(
    (point: ChartPoint) => {
      const cell = cellOf(point);
      if (!cell || !reply) return null;
      const n = reply.heatmap[cell.weekday]?.[cell.hour] ?? 0;
      return `${WEEKDAY_NAMES[cell.weekday]} ${cell.hour}:00–${cell.hour + 1}:00: ${n} ${n === 1 ? 'event' : 'events'}`;
    },
    [reply],
  );
  const openCell = useCallback(
    (point: ChartPoint) => {
      const cell = cellOf(point);
      if (!cell || !reply) return;
      workspace.navigate(
        timelineTo(page.id, reply.window, {
          weekday: String(cell.weekday + 1),
          hour: String(cell.hour),
        }),
      );
    },
    [reply, page.id],
  );
  const describeWeek = useCallback(
    (point: ChartPoint) => {
      const week = reply?.weeks[point.pointIndex];
      if (!week) return null;
      return point.curveNumber === WEEK_SHARE
        ? `Week of ${week.weekStart}: ${Math.round(week.share * 100)}% off hours, ${week.offHours} events`
        : `Week of ${week.weekStart}: ${week.events} events`;
    },
    [reply],
  );
  const openWeek = useCallback(
    (point: ChartPoint) => {
      const week = reply?.weeks[point.pointIndex];
      if (!week || !reply) return;
      // The bar counts the week's events; the point its share off hours, so it opens those.
      const span = { start: week.from, end: week.to };
      workspace.navigate(
        timelineTo(
          page.id,
          span,
          point.curveNumber === WEEK_SHARE ? { offHours: offHoursOf(reply.baseline) } : {},
        ),
      );
    },
    [reply, page.id],
  );
  return (
    <EvidencePage
      page={page}
      title="Working hours"
      lede="Activity by hour and weekday in the subject’s own time zone, against their declared or learned hours. Days that break the pattern are listed below; open one to see its events."
      query={query}
      what="working hours"
      figures={(data) => [
        {
          label: `Hours (${data.baseline.source})`,
          value: `${data.baseline.startHour}:00–${data.baseline.endHour}:00`,
        },
        { label: 'Time zone', value: data.timezone.replace(/\//g, '/\u200b') },
        {
          label: 'Events',
          value: data.totalEvents.toLocaleString(),
          to: timelineTo(page.id, data.window, {}),
        },
        {
          // A share: the link lists its events, those outside the hours it is measured against.
          label: 'Off hours',
          value: `${offHoursPercent(data)}%`,
          tone: data.offHoursShare > 0.3 ? 'warning' : null,
          hint: `${data.offHoursEvents.toLocaleString()} of ${data.totalEvents.toLocaleString()} events`,
          to: timelineTo(page.id, data.window, { offHours: offHoursOf(data.baseline) }),
        },
        {
          label: 'Days off pattern',
          value: data.anomalousDays.length,
          tone: data.anomalousDays.length > 2 ? 'danger' : null,
          // The events of those local days.
          ...(data.anomalousDays.length
            ? {
                to: timelineTo(page.id, data.window, {
                  days: data.anomalousDays.map((d) => d.date).join(','),
                }),
              }
            : {}),
        },
      ]}
    >
      {(data) => (
        <>
          <div className="evidence-grid">
            <Section
              title="Hour by weekday"
              hint={`Local time (${data.timezone}); the box marks working hours`}
            >
              <Chart
                ariaLabel={`Activity by hour and weekday for the subject, ${data.totalEvents} events (a cell opens its events)`}
                onClick={openCell}
                describePoint={describeCell}
                height={260}
                data={[
                  {
                    type: 'heatmap',
                    z: data.heatmap,
                    x: Array.from({ length: 24 }, (_, h) => h),
                    y: WEEKDAYS,
                    colorscale: heatScale(tones.accent),
                    xgap: 1,
                    ygap: 1,
                    hovertemplate: '%{y} %{x}:00: %{z} events<extra></extra>',
                    showscale: false,
                  },
                ]}
                layout={{
                  xaxis: {
                    tickvals: HOUR_TICKS,
                    ticktext: HOUR_TICKS.map((h) => `${h}:00`),
                    showgrid: false,
                    zeroline: false,
                  },
                  yaxis: { autorange: 'reversed', showgrid: false },
                  margin: { l: 44 },
                  shapes: [
                    {
                      type: 'rect',
                      xref: 'x',
                      yref: 'y',
                      x0: data.baseline.startHour - 0.5,
                      x1: data.baseline.endHour - 0.5,
                      y0: -0.5,
                      y1: 4.5,
                      line: { color: tones.warning, width: 2 },
                    },
                  ],
                }}
              />
            </Section>
            <Section
              title="Off-hours share by week"
              hint="A sustained jump is a shift, not a one-off late night"
            >
              <Chart
                ariaLabel="Share of activity outside working hours, per week (a bar opens the week's events, a point those off hours)"
                onClick={openWeek}
                describePoint={describeWeek}
                height={260}
                data={[
                  {
                    type: 'bar',
                    name: 'Events',
                    x: data.weeks.map((w) => w.weekStart),
                    y: data.weeks.map((w) => w.events),
                    yaxis: 'y2',
                    marker: { color: withAlpha(tones.neutral, 0.35) },
                    hovertemplate: 'Week of %{x}: %{y} events<extra></extra>',
                  },
                  {
                    type: 'scatter',
                    mode: 'lines+markers',
                    name: '% off hours',
                    line: { color: tones.warning },
                    marker: { color: tones.warning },
                    x: data.weeks.map((w) => w.weekStart),
                    y: data.weeks.map((w) => w.share * 100),
                    hovertemplate: '%{y:.0f}% off hours<extra></extra>',
                  },
                ]}
                layout={{
                  // The line reads against the left axis, the bars against the right one; the
                  // legend and both titles say which is which.
                  yaxis: { title: { text: '% off hours' }, range: [0, 100] },
                  yaxis2: {
                    title: { text: 'Events' },
                    overlaying: 'y',
                    side: 'right',
                    showgrid: false,
                    automargin: true,
                    rangemode: 'tozero',
                  },
                  ...topLegend,
                }}
              />
            </Section>
          </div>
          <Section
            title="Days that break the pattern"
            hint="o opens the day's events, p pins a day"
          >
            <FindingTable<Day>
              label="Days that break the pattern"
              columns={dayColumns}
              rows={data.anomalousDays}
              getRowId={(d) => d.date}
              pin={pinDay}
              onOpen={(d) =>
                // The server gives the day's exact range in the subject's zone: the dialog lists
                // the very events the row counted, with their times in that zone.
                page.openDialog((close) => (
                  <EventsDialog
                    investigationId={page.id}
                    title={`Events of ${d.date} (${data.timezone})`}
                    filter={{ from: d.from, to: d.to }}
                    timeZone={data.timezone}
                    onClose={close}
                  />
                ))
              }
              height={280}
              emptyMessage="Every day follows the subject's usual hours."
            />
          </Section>
        </>
      )}
    </EvidencePage>
  );
}
