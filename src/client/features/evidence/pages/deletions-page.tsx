import { DELETION_ACTIVITIES } from '../../../../shared/findings/deletion-activities';
import type { DeletionsReply } from '../../../../shared/schemas/findings/deletions';
import { useTopic } from '../../../api/findings/topics';
import { Chart } from '../../../components/chart/chart';
import { topLegend } from '../../../components/chart/chart-theme';
import type { DataTableColumn } from '../../../components/data-table/data-table';
import { EvidencePage, useEvidencePage } from '../evidence-page';
import { countColumn, dateTimeColumn } from '../parts/columns';
import { DAY_BAR_WIDTH, dayAxis } from '../parts/day-axis';
import { dayFilter, eventColumns, pinEvent } from '../parts/event-dialog';
import { FindingTable } from '../parts/finding-table';
import { pinFinding } from '../parts/pins';
import { Section } from '../parts/section';
import { timelineTo } from '../parts/timeline-link';

/** The activity each bar of the chart counts, in the order the bars are drawn. */
const BAR_ACTIVITIES = ['file_delete', 'email_delete', 'chat_delete'] as const;
const BAR_NAMES = ['Files deleted', 'Mail deleted', 'Messages deleted'] as const;

type Burst = DeletionsReply['bursts'][number];
const burstColumns: DataTableColumn<Burst>[] = [
  dateTimeColumn('start', 'From', (b) => b.start),
  {
    id: 'hours',
    header: 'Hours',
    value: (b) => (b.end - b.start) / 3_600_000,
    cell: (b) => `${((b.end - b.start) / 3_600_000).toFixed(1)} h`,
    align: 'right',
    width: 80,
  },
  countColumn('files', 'Files', (b) => b.files, 80),
  countColumn('labelled', 'Labelled', (b) => b.labelled, 90),
  countColumn('mail', 'Mail items', (b) => b.mail, 100),
  countColumn('messages', 'Messages', (b) => b.messages, 90),
];

const pinBurst = pinFinding('deletions');

/** One stacked bar series of the daily chart. */
const dailyBars = (
  daily: DeletionsReply['daily'],
  name: string,
  pick: (d: DeletionsReply['daily'][number]) => number,
) => ({
  type: 'bar' as const,
  width: DAY_BAR_WIDTH,
  name,
  x: daily.map((d) => d.date),
  y: daily.map(pick),
});

/** Files, mail and messages the subject deleted, and the bursts that look like wiping. */
export default function DeletionsPage() {
  const page = useEvidencePage();
  const query = useTopic(page.id, 'deletions', page.window);
  return (
    <EvidencePage
      page={page}
      title="Deletions"
      lede="Everything the subject deleted, by day and source, and the hours with far more deletions than usual (mass deletion)."
      query={query}
      what="deletions"
      figures={(data) => [
        {
          label: 'Files',
          value: data.summary.files,
          to: timelineTo(page.id, data.window, { activity: 'file_delete' }),
        },
        {
          // Items, not events: one mail deletion may remove several; the link lists the events.
          label: 'Mail items',
          value: data.summary.mailItems,
          to: timelineTo(page.id, data.window, { activity: 'email_delete' }),
        },
        {
          label: 'Messages',
          value: data.summary.messages,
          to: timelineTo(page.id, data.window, { activity: 'chat_delete' }),
        },
        {
          label: 'Bursts',
          value: data.summary.bursts,
          tone: data.summary.bursts ? 'danger' : null,
        },
      ]}
    >
      {(data) => (
        <>
          <Section title="Deletions per day">
            {data.daily.length ? (
              <Chart
                onClick={(point) => {
                  // The bar clicked: one kind of deletion on one day.
                  const i = point.curveNumber;
                  page.openEvents(`${BAR_NAMES[i] ?? 'Deletions'} on ${String(point.x)} (UTC)`, {
                    ...dayFilter(String(point.x)),
                    activity: BAR_ACTIVITIES[i] ?? DELETION_ACTIVITIES,
                  });
                }}
                ariaLabel="Deletions per day (click a day for its events)"
                height={220}
                data={[
                  dailyBars(data.daily, 'Files', (d) => d.files),
                  dailyBars(data.daily, 'Mail items', (d) => d.mail),
                  dailyBars(data.daily, 'Messages', (d) => d.messages),
                ]}
                layout={{
                  barmode: 'stack',
                  ...topLegend,
                  xaxis: dayAxis(data.daily.map((d) => d.date)),
                }}
              />
            ) : (
              <div className="muted">The subject deleted nothing in this window.</div>
            )}
          </Section>
          <Section title="Bursts" hint="o lists the deletions of a burst">
            <FindingTable<Burst>
              label="Deletion bursts"
              columns={burstColumns}
              rows={data.bursts}
              getRowId={(b) => String(b.start)}
              pin={pinBurst}
              onOpen={(b) =>
                page.openEvents('Deletions in the burst', {
                  from: b.start,
                  to: b.end,
                  activity: DELETION_ACTIVITIES,
                })
              }
              height={180}
              emptyMessage="No burst of deletions."
            />
          </Section>
          <Section
            title={data.bursts.length ? 'Deletions of the largest burst' : 'Latest deletions'}
          >
            <FindingTable
              label="Deletions"
              columns={eventColumns}
              rows={data.events}
              getRowId={(e) => e.id}
              pin={pinEvent}
              onOpen={(e) => page.openEvent(e.id)}
              height={300}
            />
          </Section>
        </>
      )}
    </EvidencePage>
  );
}
