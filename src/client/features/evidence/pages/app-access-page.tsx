import { useMemo } from 'react';

import type { AppAccessRow } from '../../../../shared/schemas/findings/app-access';
import type { EventRow } from '../../../../shared/schemas/findings/common';
import { offHoursOf } from '../../../../shared/schemas/subject-timeline';
import {
  fetchAppAccesses,
  useAppAccess,
  useAppAccessDailyChart,
  useAppAccessStats,
} from '../../../api/findings/app-access';
import { findingKeys } from '../../../api/findings/keys';
import { Chart } from '../../../components/chart/chart';
import { sideLegend } from '../../../components/chart/chart-theme';
import type { DataTableColumn, ServerSource } from '../../../components/data-table/data-table';
import { EvidencePage, useEvidencePage } from '../evidence-page';
import { countColumn, dateColumn, dateTimeColumn, percentColumn } from '../parts/columns';
import { DAY_BAR_WIDTH, dayAxis } from '../parts/day-axis';
import { pinEvent } from '../parts/event-dialog';
import { FindingSection } from '../parts/finding-state';
import { FindingTable } from '../parts/finding-table';
import { pinFinding } from '../parts/pins';
import { Section, Tag } from '../parts/section';
import { timelineTo, utcDay } from '../parts/timeline-link';
import { workspace } from '../../../workspace/workspace-controller';

const appColumns: DataTableColumn<AppAccessRow>[] = [
  { id: 'app', header: 'Application', value: (a) => a.app, width: 190 },
  {
    id: 'flag',
    header: 'Flags',
    value: (a) => a.reasons.join('; '),
    cell: (a) => (a.flagged ? <Tag tone="warning">{a.reasons.join('; ')}</Tag> : ''),
  },
  countColumn('accesses', 'Accesses', (a) => a.accesses, 90),
  countColumn('days', 'Days', (a) => a.distinctDays, 70),
  percentColumn('off', 'Off hours', (a) => a.offHoursShare, 90),
  countColumn('failures', 'Failures', (a) => a.failures, 80),
  dateColumn('first', 'First seen', (a) => a.firstSeen),
  dateColumn('last', 'Last seen', (a) => a.lastSeen),
];

type Access = EventRow & { offHours: boolean };
const accessColumns: DataTableColumn<Access>[] = [
  dateTimeColumn('time', 'Time', (e) => e.time),
  { id: 'app', header: 'Application', value: (e) => e.app },
  { id: 'outcome', header: 'Outcome', value: (e) => e.outcome, width: 90 },
  { id: 'off', header: 'Off hours', value: (e) => (e.offHours ? 'yes' : ''), width: 90 },
];

const pinApp = pinFinding('app-access');

/** Which applications the subject signed in to, when, and what is new or odd. */
export default function AppAccessPage() {
  const page = useEvidencePage();
  const { id, window, update } = page;
  const apps = useAppAccess(id, window);
  const stats = useAppAccessStats(id, window);
  const chart = useAppAccessDailyChart(id, window);
  const app = page.state.accessApp;
  // The accesses endpoint takes dates, not `window`: the app list's reply says what the window is.
  const span = apps.data?.window;
  const source = useMemo<ServerSource<Access>>(
    () => ({
      key: [...findingKeys.finding(id, 'app-access/accesses', { app, ...span })],
      fetchPage: async ({ cursor, signal }) => {
        const reply = await fetchAppAccesses(
          id,
          {
            ...(app ? { app } : {}),
            ...(span ? { startDate: String(span.start), endDate: String(span.end) } : {}),
            cursor,
            limit: 200,
          },
          signal,
        );
        return { rows: reply.rows, nextCursor: reply.nextCursor };
      },
    }),
    [id, app, span],
  );
  return (
    <EvidencePage
      page={page}
      title="App access"
      lede="Single sign-on into applications: how often, on how many days, outside working hours, and which apps are new to the subject. Open an app (o) to list its accesses."
      query={stats}
      what="app access"
      figures={(s) => [
        {
          label: 'Accesses',
          value: s.accesses.toLocaleString(),
          to: timelineTo(id, s.window, { category: 'app' }),
        },
        { label: 'Applications', value: s.apps },
        {
          // The apps the table flags as new: a new app colleagues use too is not counted.
          label: 'New applications',
          value: s.newApps,
          tone: s.newApps ? 'warning' : null,
          hint: 'First used in the window, and used by no one else in the department',
        },
        {
          label: 'Failed',
          value: s.failures,
          to: timelineTo(id, s.window, { category: 'app', outcome: 'failure' }),
        },
        {
          // A share: the link lists its accesses, those outside the subject's working hours.
          label: 'Off hours',
          value: `${Math.round(s.offHoursShare * 100)}%`,
          hint: `${s.offHoursEvents.toLocaleString()} of ${s.accesses.toLocaleString()} accesses`,
          to: timelineTo(id, s.window, { category: 'app', offHours: offHoursOf(s.workingHours) }),
        },
        {
          // Non-breaking hyphens: the date wraps as a whole, not as "2026-" and "08-28".
          label: s.busiestDay
            ? `Busiest day (${s.busiestDay.date.replace(/-/g, '\u2011')})`
            : 'Busiest day',
          value: s.busiestDay ? `${s.busiestDay.accesses}` : '—',
          ...(s.busiestDay
            ? { to: timelineTo(id, utcDay(s.busiestDay.date), { category: 'app' }) }
            : {}),
        },
      ]}
      sections={
        <>
          <FindingSection
            title="Accesses per day"
            hint="The busiest applications; the rest as Other"
            query={chart}
            what="the daily chart"
          >
            {(c) =>
              c.series.length ? (
                <Chart
                  ariaLabel="App accesses per day"
                  height={240}
                  data={c.series.map((s) => ({
                    type: 'bar',
                    name: s.app,
                    x: c.days,
                    y: s.counts,
                    width: DAY_BAR_WIDTH,
                  }))}
                  layout={{
                    barmode: 'stack',
                    // Up to nine applications: one a line beside the bars, never over them.
                    ...sideLegend,
                    xaxis: dayAxis(c.days),
                  }}
                  onClick={(point) => {
                    // A bar is one app's accesses of one day; "Other" is every app not drawn.
                    const app = c.series[point.curveNumber]?.app;
                    workspace.navigate(
                      timelineTo(id, utcDay(String(point.x)), {
                        category: 'app',
                        ...(app && app !== 'Other' ? { app } : {}),
                      }),
                    );
                  }}
                />
              ) : (
                <div className="muted">No sign-in to an application in this window.</div>
              )
            }
          </FindingSection>
          <FindingSection
            title="Applications"
            hint="Flagged first"
            query={apps}
            what="applications"
          >
            {(a) => (
              <FindingTable<AppAccessRow>
                label="Applications"
                columns={appColumns}
                rows={a.apps}
                getRowId={(r) => r.app}
                pin={pinApp}
                onOpen={(r) => update({ accessApp: r.app })}
                height={300}
              />
            )}
          </FindingSection>
          <Section
            title={app ? `Accesses to ${app}` : 'All accesses'}
            hint="Newest first, loaded as you scroll"
            actions={
              app ? (
                <button
                  type="button"
                  className="button small"
                  onClick={() => update({ accessApp: '' })}
                >
                  Show all apps
                </button>
              ) : null
            }
          >
            {apps.data?.pending === false ? (
              <FindingTable<Access>
                label="App accesses"
                columns={accessColumns}
                source={source}
                getRowId={(e) => e.id}
                pin={pinEvent}
                onOpen={(e) => page.openEvent(e.id)}
                height={320}
              />
            ) : null}
          </Section>
        </>
      }
    />
  );
}
