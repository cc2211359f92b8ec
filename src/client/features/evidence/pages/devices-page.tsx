import type { DeviceRow } from '../../../../shared/schemas/findings/devices';
import { useTopic } from '../../../api/findings/topics';
import { Chart } from '../../../components/chart/chart';
import { useChartColors } from '../../../components/chart/use-chart-colors';
import type { DataTableColumn } from '../../../components/data-table/data-table';
import { EvidencePage, useEvidencePage } from '../evidence-page';
import { timelineTo, utcDay } from '../parts/timeline-link';
import { workspace } from '../../../workspace/workspace-controller';
import { dateColumn } from '../parts/columns';
import { DAY_BAR_WIDTH, dayAxis } from '../parts/day-axis';
import { eventColumns, pinEvent } from '../parts/event-dialog';
import { FindingTable } from '../parts/finding-table';
import { pinFinding } from '../parts/pins';
import { Section, Tag } from '../parts/section';

const columns: DataTableColumn<DeviceRow>[] = [
  { id: 'name', header: 'Device', value: (d) => d.name },
  {
    id: 'managed',
    header: 'Managed',
    value: (d) => (d.managed === null ? 'Unknown' : d.managed ? 'Yes' : 'No'),
    cell: (d) =>
      d.managed === false ? <Tag tone="danger">Unmanaged</Tag> : d.managed ? 'Yes' : 'Unknown',
    width: 110,
  },
  { id: 'os', header: 'OS', value: (d) => d.os, width: 200 },
  {
    id: 'usb',
    header: 'USB writes',
    value: (d) => d.removableMediaWrites,
    cell: (d) => (d.removableMediaWrites ? <Tag tone="danger">{d.removableMediaWrites}</Tag> : '0'),
    align: 'right',
    width: 100,
  },
  { id: 'compliance', header: 'Compliance', value: (d) => d.compliance, width: 120 },
  dateColumn('first', 'First seen', (d) => d.firstSeen),
  dateColumn('last', 'Last seen', (d) => d.lastSeen),
];

/** Writes to removable media come from the endpoint agent, which names no application. */
const usbColumns = eventColumns.filter((c) => c.id !== 'app');

const pinDevice = pinFinding('device');

/** The subject's devices (managed or not) and what they wrote to removable media. */
export default function DevicesPage() {
  const page = useEvidencePage();
  const query = useTopic(page.id, 'devices', page.window);
  const { tones } = useChartColors();
  return (
    <EvidencePage
      page={page}
      title="Devices"
      lede="Devices that checked in for the subject, whether they are managed, and every file written to removable media."
      query={query}
      what="devices"
      figures={(data) => [
        { label: 'Devices', value: data.devices.length },
        { label: 'Unmanaged', value: data.devices.filter((d) => d.managed === false).length },
        {
          label: 'USB writes',
          value: data.removableMedia.writes,
          tone: data.removableMedia.writes ? 'danger' : null,
          to: timelineTo(page.id, data.window, { activity: 'usb_write' }),
        },
      ]}
    >
      {(data) => (
        <>
          <Section title="Devices">
            <FindingTable<DeviceRow>
              label="Devices"
              columns={columns}
              rows={data.devices}
              getRowId={(d) => d.id}
              pin={pinDevice}
              height={220}
            />
          </Section>
          <Section
            title="Files written to removable media"
            hint="Per day, then each file; o opens the raw record, p pins it"
          >
            {data.removableMedia.days.length ? (
              <Chart
                ariaLabel="Files written to removable media per day (click a day for its events)"
                height={180}
                onClick={(point) =>
                  workspace.navigate(
                    timelineTo(page.id, utcDay(String(point.x)), { activity: 'usb_write' }),
                  )
                }
                data={[
                  {
                    type: 'bar',
                    width: DAY_BAR_WIDTH,
                    name: 'Files written',
                    x: data.removableMedia.days.map((d) => d.date),
                    y: data.removableMedia.days.map((d) => d.count),
                    marker: { color: tones.danger },
                    hovertemplate: '%{x}: %{y} files<extra></extra>',
                  },
                ]}
                layout={{
                  xaxis: dayAxis(data.removableMedia.days.map((d) => d.date)),
                  yaxis: { title: { text: 'Files' }, rangemode: 'tozero' },
                }}
              />
            ) : null}
            <FindingTable
              label="Removable media writes"
              columns={usbColumns}
              rows={data.removableMedia.events}
              getRowId={(e) => e.id}
              pin={pinEvent}
              onOpen={(e) => page.openEvent(e.id)}
              height={300}
              emptyMessage="Nothing was written to removable media in this window."
            />
          </Section>
        </>
      )}
    </EvidencePage>
  );
}
