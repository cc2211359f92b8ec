/**
 * Time-zone arithmetic with Intl only (no library): offsets, local days and hours.
 * Used by the server (dashboards, working hours) and the client (display).
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Whether `timeZone` is an IANA zone this runtime knows. */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The zone's offset from UTC at an instant, in ms (positive east of Greenwich). */
export function zoneOffsetMs(timeZone: string, at: number): number {
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(new Date(at))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const asUtc = Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return asUtc - Math.floor(at / 1000) * 1000;
}

const DAY_MS = 86_400_000;

/** The instant the local day containing `at` began in the zone. */
export function startOfLocalDay(timeZone: string, at: number): number {
  const offset = zoneOffsetMs(timeZone, at);
  const localMidnight = Math.floor((at + offset) / DAY_MS) * DAY_MS;
  // The offset at midnight can differ from the offset now on a DST change day.
  return localMidnight - zoneOffsetMs(timeZone, localMidnight - offset);
}

/** `YYYY-MM-DD` of a local day index (days since 1970-01-01 in local time). */
export function dayIndexToDate(dayIndex: number): string {
  return new Date(dayIndex * DAY_MS).toISOString().slice(0, 10);
}
