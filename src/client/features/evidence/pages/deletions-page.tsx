import { useMemo, useState } from 'react';

import type { DeletionsReply } from '../../../../shared/schemas/findings/deletions';
import { useTopic } from '../../../api/findings/topics';
import { Chart } from '../../../components/chart/chart';
import { topLegend } from '../../../components/chart/chart-theme';
import type { DataTableColumn } from '../../../components/data-table/data-table';
import { formatDateTime } from '../../../components/format';
import { DAY_BAR_WIDTH, dayAxis } from '../parts/day-axis';
import {
  dayFilter,
  eventColumns,
  EventDialog,
  EventsDialog,
  pinEvent,
} from '../parts/event-dialog';
import { FindingState } from '../parts/finding-state';
import { FindingTable } from '../parts/finding-table';
import { PageFrame } from '../parts/page-frame';
import { Figures, Section } from '../parts/section';
import { useEvidenceUi } from '../parts/use-evidence-ui';

type Burst = DeletionsReply['bursts'][number];
const burstColumns: DataTableColumn<Burst>[] = [
  {
    id: 'start',
    header: 'From',
    value: (b) => b.start,
    cell: (b) => formatDateTime(b.start),
    width: 170,
  },
  {
    id: 'hours',
    header: 'Hours',
    value: (b) => (b.end - b.start) / 3_600_000,
    cell: (b) => `${((b.end - b.start) / 3_600_000).toFixed(1)} h`,
    align: 'right',
    width: 80,
  },
  { id: 'files', header: 'Files', value: (b) => b.files, align: 'right', width: 80 },
  { id: 'labelled', header: 'Labelled', value: (b) => b.labelled, align: 'right', width: 90 },
  { id: 'mail', header: 'Mail items', value: (b) => b.mail, align: 'right', width: 100 },
  { id: 'messages', header: 'Messages', value: (b) => b.messages, align: 'right', width: 90 },
];

/** Files, mail and messages the subject deleted, and the bursts that look like wiping. */
export default function DeletionsPage() {
  const { id, window } = useEvidenceUi();
  const query = useTopic(id, 'deletions', window);
  const [burst, setBurst] = useState<Burst | null>(null);
  const [day, setDay] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const pin = useMemo(
    () => (b: Burst) => ({
      kind: 'finding' as const,
      ref: `deletions:${b.start}`,
      label: `Deletion burst: ${b.files} files, ${b.mail} mail items`,
      page: 'deletions',
      snapshot: { ...b },
    }),
    [],
  );
  return (
    <PageFrame
      title="Deletions"
      lede="Everything the subject deleted, by day and source, and the hours with far more deletions than usual (mass deletion)."
    >
      <FindingState query={query} what="deletions">
        {(data) => (
          <>
            <Figures
              items={[
                { label: 'Files', value: data.summary.files },
                { label: 'Mail items', value: data.summary.mailItems },
                { label: 'Messages', value: data.summary.messages },
                {
                  label: 'Bursts',
                  value: data.summary.bursts,
                  tone: data.summary.bursts ? 'danger' : null,
                },
              ]}
            />
            <Section title="Deletions per day">
              {data.daily.length ? (
                <Chart
                  onClick={(point) => setDay(String(point.x))}
                  ariaLabel="Deletions per day (click a day for its events)"
                  height={220}
                  data={[
                    {
                      type: 'bar',
                      width: DAY_BAR_WIDTH,
                      name: 'Files',
                      x: data.daily.map((d) => d.date),
                      y: data.daily.map((d) => d.files),
                    },
                    {
                      type: 'bar',
                      width: DAY_BAR_WIDTH,
                      name: 'Mail items',
                      x: data.daily.map((d) => d.date),
                      y: data.daily.map((d) => d.mail),
                    },
                    {
                      type: 'bar',
                      width: DAY_BAR_WIDTH,
                      name: 'Messages',
                      x: data.daily.map((d) => d.date),
                      y: data.daily.map((d) => d.messages),
                    },
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
                investigationId={id}
                label="Deletion bursts"
                columns={burstColumns}
                rows={data.bursts}
                getRowId={(b) => String(b.start)}
                pin={pin}
                onOpen={setBurst}
                height={180}
                emptyMessage="No burst of deletions."
              />
            </Section>
            <Section
              title={data.bursts.length ? 'Deletions of the largest burst' : 'Latest deletions'}
            >
              <FindingTable
                investigationId={id}
                label="Deletions"
                columns={eventColumns}
                rows={data.events}
                getRowId={(e) => e.id}
                pin={pinEvent}
                onOpen={(e) => setOpen(e.id)}
                height={300}
              />
            </Section>
          </>
        )}
      </FindingState>
      {day ? (
        <EventsDialog
          investigationId={id}
          title={`Events of ${day} (UTC)`}
          filter={dayFilter(day)}
          onClose={() => setDay(null)}
        />
      ) : null}
      {burst ? (
        <EventsDialog
          investigationId={id}
          title="Deletions in the burst"
          filter={{ from: burst.start, to: burst.end, q: undefined }}
          onClose={() => setBurst(null)}
        />
      ) : null}
      {open ? (
        <EventDialog investigationId={id} eventId={open} onClose={() => setOpen(null)} />
      ) : null}
    </PageFrame>
  );
}
