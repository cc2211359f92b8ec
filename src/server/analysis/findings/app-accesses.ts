import type { AppAccessesReply } from '../../../shared/schemas/findings/app-access';
import { listEvents } from '../../db/queries/findings/event-rows';
import { invalid } from '../../domain-error';
import { decodeCursor, encodeCursor } from './event-cursor';
import type { FindingContext } from './finding-context';
import { presentEvent } from '../../presenters/event';
import { isOffHoursAt } from '../../../shared/time/local-time';

const DAY_MS = 86_400_000;

/** The subject's app accesses in the window, newest first, narrowed by app and dates. */
export async function listAppAccesses(
  ctx: FindingContext,
  query: {
    app?: string | undefined;
    startDate?: number | undefined;
    endDate?: number | undefined;
    cursor?: string | undefined;
    limit: number;
  },
): Promise<Omit<AppAccessesReply, 'pending'>> {
  const { startDate, endDate } = query;
  if (startDate !== undefined && endDate !== undefined && endDate < startDate) {
    throw invalid('The date range is backwards: endDate must be on or after startDate.');
  }
  // A date-only endDate means the whole of that day.
  const to =
    endDate === undefined
      ? ctx.window.end
      : endDate % DAY_MS === 0
        ? endDate + DAY_MS
        : endDate + 1;
  const rows = await listEvents(ctx.db, {
    dialect: ctx.dialect,
    employeeId: ctx.subject.id,
    from: Math.max(ctx.window.start, startDate ?? 0),
    to: Math.min(ctx.window.end, to),
    categories: ['app'],
    ...(query.app ? { app: query.app } : {}),
    desc: true,
    after: decodeCursor(query.cursor),
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const clock = { ...ctx.hours, offsets: ctx.build.clock.offsets };
  return {
    rows: page.map((row) => ({ ...presentEvent(row), offHours: isOffHoursAt(row.time, clock) })),
    nextCursor:
      rows.length > query.limit && page.length ? encodeCursor(page[page.length - 1]!) : null,
  };
}
