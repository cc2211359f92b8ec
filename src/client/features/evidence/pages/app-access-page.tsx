import { useMemo, useState } from 'react';

import type { AppAccessRow } from '../../../../shared/schemas/findings/app-access';
import type { EventRow } from '../../../../shared/schemas/findings/common';
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
import { formatDate, formatDateTime } from '../../../components/format';
import { DAY_BAR_WIDTH, dayAxis } from '../parts/day-axis';
import { EventDialog, pinEvent } from '../parts/event-dialog';
import { FindingState } from '../parts/finding-state';
import { FindingTable } from '../parts/finding-table';
import { PageFrame } from '../parts/page-frame';
import { Figures, Section, Tag } from '../parts/section';
import { useEvidenceUi } from '../parts/use-evidence-ui';

const appColumns: DataTableColumn<AppAccessRow>[] = [
  { id: 'app', header: 'Application', value: (a) => a.app, width: 190 },
  {
    id: 'flag',
    header: 'Flags',
    value: (a) => a.reasons.join('; '),
    cell: (a) => (a.flagged ? <Tag tone="warning">{a.reasons.join('; ')}</Tag> : ''),
  },
  { id: 'accesses', header: 'Accesses', value: (a) => a.accesses, align: 'right', width: 90 },
  { id: 'days', header: 'Days', value: (a) => a.distinctDays, align: 'right', width: 70 },
  {
    id: 'off',
    header: 'Off hours',
    value: (a) => a.offHoursShare,
    cell: (a) => `${Math.round(a.offHoursShare * 100)}%`,
    align: 'right',
    width: 90,
  },
  { id: 'failures', header: 'Failures', value: (a) => a.failures, align: 'right', width: 80 },
  {
    id: 'first',
    header: 'First seen',
    value: (a) => a.firstSeen,
    cell: (a) => formatDate(a.firstSeen),
    width: 120,
  },
  {
    id: 'last',
    header: 'Last seen',
    value: (a) => a.lastSeen,
    cell: (a) => formatDate(a.lastSeen),
    width: 120,
  },
];

type Access = EventRow & { offHours: boolean };
const accessColumns: DataTableColumn<Access>[] = [
  {
    id: 'time',
    header: 'Time',
    value: (e) => e.time,
    cell: (e) => formatDateTime(e.time),
    width: 170,
  },
  { id: 'app', header: 'Application', value: (e) => e.app },
  { id: 'outcome', header: 'Outcome', value: (e) => e.outcome, width: 90 },
  { id: 'off', header: 'Off hours', value: (e) => (e.offHours ? 'yes' : ''), width: 90 },
];

/** Which applications the subject signed in to, when, and what is new or odd. */
export default function AppAccessPage() {
  const { id, window, state, update } = useEvidenceUi();
  const apps = useAppAccess(id, window);
  const stats = useAppAccessStats(id, window);
  const chart = useAppAccessDailyChart(id, window);
  const [open, setOpen] = useState<string | null>(null);
  const app = state.accessApp;
  // The accesses endpoint takes dates, not `window`: the app list's reply says what the window is.
  const span = apps.data?.window;
  const source = useMemo<ServerSource<Access>>(
    () => ({
      key: [...findingKeys.finding(id, 'app-access/accesses', { app, ...span })],
      fetchPage: async ({ cursor, signal }) => {
        const page = await fetchAppAccesses(
          id,
          {
            ...(app ? { app } : {}),
            ...(span ? { startDate: String(span.start), endDate: String(span.end) } : {}),
            cursor,
            limit: 200,
          },
          signal,
        );
        return { rows: page.rows, nextCursor: page.nextCursor };
      },
    }),
    [id, app, span],
  );
  const pinApp = useMemo(
    () => (a: AppAccessRow) => ({
      kind: 'finding' as const,
      ref: `app-access:${a.app}`,
      label: `${a.app}: ${a.accesses} accesses${a.flagged ? ` (${a.reasons.join('; ')})` : ''}`,
      page: 'app-access',
      snapshot: { ...a },
    }),
    [],
  );
  return (
    <PageFrame
      title="App access"
      lede="Single sign-on into applications: how often, on how many days, outside working hours, and which apps are new to the subject. Open an app (o) to list its accesses."
    >
      <FindingState query={stats} what="app access">
        {(s) => (
          <Figures
            items={[
              { label: 'Accesses', value: s.accesses.toLocaleString() },
              { label: 'Applications', value: s.apps },
              { label: 'New applications', value: s.newApps, tone: s.newApps ? 'warning' : null },
              { label: 'Failed', value: s.failures },
              { label: 'Off hours', value: `${Math.round(s.offHoursShare * 100)}%` },
              {
                // Non-breaking hyphens: the date wraps as a whole, not as "2026-" and "08-28".
                label: s.busiestDay
                  ? `Busiest day (${s.busiestDay.date.replace(/-/g, '\u2011')})`
                  : 'Busiest day',
                value: s.busiestDay ? `${s.busiestDay.accesses}` : '—',
              },
            ]}
          />
        )}
      </FindingState>
      <Section title="Accesses per day" hint="The busiest applications; the rest as Other">
        <FindingState query={chart} what="the daily chart">
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
              />
            ) : (
              <div className="muted">No sign-in to an application in this window.</div>
            )
          }
        </FindingState>
      </Section>
      <Section title="Applications" hint="Flagged first">
        <FindingState query={apps} what="applications">
          {(a) => (
            <FindingTable<AppAccessRow>
              investigationId={id}
              label="Applications"
              columns={appColumns}
              rows={a.apps}
              getRowId={(r) => r.app}
              pin={pinApp}
              onOpen={(r) => update({ accessApp: r.app })}
              height={300}
            />
          )}
        </FindingState>
      </Section>
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
            investigationId={id}
            label="App accesses"
            columns={accessColumns}
            source={source}
            getRowId={(e) => e.id}
            pin={pinEvent}
            onOpen={(e) => setOpen(e.id)}
            height={320}
          />
        ) : null}
      </Section>
      {open ? (
        <EventDialog investigationId={id} eventId={open} onClose={() => setOpen(null)} />
      ) : null}
    </PageFrame>
  );
}
