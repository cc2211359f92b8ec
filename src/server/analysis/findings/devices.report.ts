import { formatBytes, formatCount, plural } from '../../../shared/wording';
import type { DetectorParts } from './define-detector';
import { timeColumn } from './topic-report';

/**
 * What went to removable media: its volume, or, where the endpoint logs gave no sizes (Sysmon
 * and Windows audit events do not), the count of files rather than a false "0 B".
 */
export function removableMediaVolume(devices: {
  removableMedia: { writes: number; bytes: number };
}) {
  const { writes, bytes } = devices.removableMedia;
  if (bytes > 0 || writes === 0) return formatBytes(bytes);
  return `${plural(writes, 'file')}, sizes not logged`;
}

/** What the remediation and the report say of devices and removable media. */
export const devicesParts: DetectorParts<'devices'> = {
  remediation: ({ devices }) => {
    const usb = devices.removableMedia.writes;
    if (!usb) return [];
    return [
      {
        id: 'usb',
        severity: 'high',
        urgency: 3,
        title: 'Removable media writes',
        action: 'Block removable storage for the subject’s devices and recover the drive used.',
        rationale: `${plural(usb, 'file was', 'files were')} written to removable media.`,
      },
    ];
  },
  report: {
    charts: (devices) => [
      {
        title: 'Files written to removable media per day',
        kind: 'bar',
        labels: devices.removableMedia.days.map((d) => d.date),
        series: [{ name: 'Writes', values: devices.removableMedia.days.map((d) => d.count) }],
      },
    ],
    facts: (devices) => [
      { label: 'Devices', value: formatCount(devices.devices.length) },
      { label: 'Written to removable media', value: removableMediaVolume(devices) },
    ],
    tables: (devices) => [
      {
        name: 'devices',
        title: 'Devices',
        columns: [
          { name: 'Device' },
          { name: 'OS' },
          { name: 'Managed' },
          { name: 'Compliance' },
          { name: 'Flagged' },
          { name: 'Removable media writes' },
          { name: 'Observations' },
          timeColumn('First seen'),
          timeColumn('Last seen'),
        ],
        rows: devices.devices.map((d) => [
          d.name,
          d.os,
          d.managed,
          d.compliance,
          d.flagged,
          d.removableMediaWrites,
          d.observations,
          d.firstSeen,
          d.lastSeen,
        ]),
      },
      {
        name: 'removable-media-writes',
        title: 'Files written to removable media',
        columns: [
          timeColumn('Time'),
          { name: 'File' },
          { name: 'Label' },
          { name: 'Device' },
          { name: 'Event' },
        ],
        rows: devices.removableMedia.events.map((e) => [
          e.time,
          e.fileName,
          e.fileLabel,
          e.device,
          e.id,
        ]),
      },
    ],
  },
};
