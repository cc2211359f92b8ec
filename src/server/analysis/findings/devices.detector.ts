import type { DevicesReply } from '../../../shared/schemas/findings/devices';
import { readJson } from '../../db/dialect';
import { dailyGroups } from '../../db/queries/findings/daily-groups';
import { inventoryDevices, removableWritesByDevice } from '../../db/queries/findings/devices';
import { listEvents } from '../../db/queries/findings/event-rows';
import { defineDetector, severityAt } from './define-detector';
import { dayKey } from './day-keys';
import type { FindingContext } from './finding-context';
import { presentEvent } from '../../presenters/event';
import { devicesParts } from './devices.report';

/** Inventory names are short (NW-LT-1); endpoint logs use the full host name (NW-LT-1.corp…). */
function hostKey(name: string | null): string {
  return (name ?? '').split('.')[0]!.toLowerCase();
}

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** GET findings/devices: the subject's devices and what they wrote to removable media. */
async function detectDevices(ctx: FindingContext): Promise<DevicesReply> {
  const [inventory, writes, perDay, events] = await Promise.all([
    inventoryDevices(ctx.db, ctx.dialect, ctx.subject.id, ctx.window),
    removableWritesByDevice(ctx.db, ctx.dialect, ctx.subject.id, ctx.window),
    dailyGroups(ctx.db, ctx.build, ctx.window, ['day'], { activities: ['usb_write'] }),
    listEvents(ctx.db, {
      dialect: ctx.dialect,
      employeeId: ctx.subject.id,
      from: ctx.window.start,
      to: ctx.window.end,
      activities: ['usb_write'],
      desc: true,
      limit: 500,
    }),
  ]);
  const writesByHost = new Map(writes.map((w) => [hostKey(w.device), w]));
  const devices: DevicesReply['devices'] = inventory.map((d) => {
    const attributes = d.attributes ? readJson<Record<string, unknown>>(d.attributes) : {};
    const usb = writesByHost.get(hostKey(d.name));
    writesByHost.delete(hostKey(d.name));
    const managed = d.managed === null ? null : d.managed === 1;
    return {
      id: d.key,
      name: d.name ?? d.key,
      os: d.os,
      managed,
      compliance: text(attributes.complianceState),
      ownerType: text(attributes.ownerType),
      firstSeen: Math.min(d.first, usb?.first ?? d.first),
      lastSeen: Math.max(d.last, usb?.last ?? d.last),
      observations: d.observations,
      removableMediaWrites: usb?.n ?? 0,
      flagged: managed === false || (usb?.n ?? 0) > 0,
    };
  });
  // Endpoints that wrote to USB but never checked in to inventory still belong in the list.
  for (const w of writesByHost.values()) {
    devices.push({
      id: w.device,
      name: w.device,
      os: null,
      managed: null,
      compliance: null,
      ownerType: null,
      firstSeen: w.first,
      lastSeen: w.last,
      observations: 0,
      removableMediaWrites: w.n,
      flagged: true,
    });
  }
  devices.sort((a, b) => Number(b.flagged) - Number(a.flagged) || b.lastSeen - a.lastSeen);
  return {
    window: ctx.window,
    devices,
    removableMedia: {
      writes: perDay.reduce((s, g) => s + g.n, 0),
      bytes: perDay.reduce((s, g) => s + g.bytes, 0),
      days: perDay
        .sort((a, b) => (a.day ?? 0) - (b.day ?? 0))
        .map((g) => ({ date: dayKey(g.day ?? 0), count: g.n })),
      events: events.map(presentEvent),
    },
  };
}

/** Devices: files written to removable media, and the flagged devices. */
export const devicesDetector = defineDetector('devices', detectDevices, {
  ...devicesParts,
  figures: ({ devices }) => ({
    'usb-writes': {
      value: devices.removableMedia.writes,
      severity: severityAt(devices.removableMedia.writes, 5),
      events: { activity: 'usb_write' },
    },
  }),
  anomalies: ({ devices }) => devices.devices.filter((d) => d.flagged).length,
});
