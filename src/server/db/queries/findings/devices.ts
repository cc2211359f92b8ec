import { sql } from 'kysely';
import type { Kysely } from 'kysely';

import type { Dialect } from '../../dialect';
import type { Database } from '../../schema';
import { activityTime } from './sql-parts';
import type { FindingsWindow } from './window-facts';

/** One device as inventory check-ins describe it. */
export interface DeviceGroup {
  key: string;
  name: string | null;
  os: string | null;
  managed: number | null;
  observations: number;
  first: number;
  last: number;
  /** Attributes of the latest check-in (compliance, owner type...), as JSON text or object. */
  attributes: unknown;
}

/** The subject's devices from inventory check-ins in the window (device_seen events). */
export async function inventoryDevices(
  db: Kysely<Database>,
  dialect: Dialect,
  employeeId: string,
  window: FindingsWindow,
): Promise<DeviceGroup[]> {
  const time = activityTime(dialect);
  const { rows } = await sql<DeviceGroup & { n: number }>`
    select coalesce(device_id, device_name) as key, max(device_name) as name, max(device_os) as os,
      min(device_managed) as managed, count(*) as observations, min(time) as first, max(time) as last,
      max(id) as latest
    from events
    where employee_id = ${employeeId} and activity = 'device_seen' and ${time} >= ${window.start} and ${time} < ${window.end}
    group by 1`.execute(db);
  const latest = rows.map((row) => Number((row as unknown as { latest: number }).latest));
  const attributes = new Map<number, unknown>();
  if (latest.length) {
    // The ids are of events in the window: saying so lets PostgreSQL plan only its months.
    const found = await db
      .selectFrom('events')
      .select(['id', 'attributes'])
      .where('id', 'in', latest)
      .where(time, '>=', window.start)
      .where(time, '<', window.end)
      .execute();
    for (const row of found) attributes.set(Number(row.id), row.attributes);
  }
  return rows.map((row) => ({
    key: String(row.key),
    name: row.name,
    os: row.os,
    managed: row.managed === null ? null : Number(row.managed),
    observations: Number(row.observations),
    first: Number(row.first),
    last: Number(row.last),
    attributes: attributes.get(Number((row as unknown as { latest: number }).latest)) ?? null,
  }));
}

/** Removable-media writes per device name in the window. */
export async function removableWritesByDevice(
  db: Kysely<Database>,
  dialect: Dialect,
  employeeId: string,
  window: FindingsWindow,
): Promise<Array<{ device: string; n: number; first: number; last: number }>> {
  const time = activityTime(dialect);
  const { rows } = await sql<{ device: string; n: number; first: number; last: number }>`
    select coalesce(device_name, '') as device, count(*) as n, min(time) as first, max(time) as last from events
    where employee_id = ${employeeId} and activity = 'usb_write' and ${time} >= ${window.start} and ${time} < ${window.end}
    group by 1`.execute(db);
  return rows.map((row) => ({
    device: row.device,
    n: Number(row.n),
    first: Number(row.first),
    last: Number(row.last),
  }));
}
