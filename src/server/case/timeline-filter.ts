import type { TimelineQuery } from '../../shared/schemas/subject-timeline';
import { contactsOf } from '../analysis/findings/contact-keys';
import { resolveLabel } from '../analysis/findings/file-labels';
import type { FindingContext } from '../analysis/findings/finding-context';
import { daySpans, intersectSpans, slotSpans } from '../analysis/findings/local-slots';
import { localDayOf } from '../../shared/time/local-time';
import type { LocalSlot } from '../analysis/findings/local-slots';
import type { EventFilter } from '../db/queries/findings/event-rows';
import { flaggedEventIds } from '../db/queries/findings/flags';
import type { FindingsWindow } from '../db/queries/findings/window-facts';

/** The label filter of `?label`: none with All Files among them, '' for Unlabeled, else the configured labels. */
function labelsOf(ctx: FindingContext, labels: readonly string[] | undefined) {
  if (!labels?.length) return undefined;
  const chosen = labels.map((label) => resolveLabel(ctx, label).filter);
  if (chosen.includes(null)) return undefined;
  return chosen.filter((label): label is string => label !== null);
}

/** The hours of the subject's clock the query asks for (weekday, hour, offHours, days), or null. */
export function slotOf(query: TimelineQuery): LocalSlot | null {
  const slot: LocalSlot = {
    ...(query.weekday !== undefined ? { weekday: query.weekday - 1 } : {}),
    ...(query.hour !== undefined ? { hour: query.hour } : {}),
    ...(query.offHours ? { offHours: query.offHours } : {}),
    ...(query.days ? { days: new Set(query.days.map(localDayOf)) } : {}),
  };
  return Object.keys(slot).length ? slot : null;
}

/** Flagged events up to this many are looked up by id: each a probe, not a walk of the range. */
const FLAGGED_BY_ID = 5_000;

/** The ids both lists keep (either alone when the other is not given). */
function bothIds(a: readonly number[] | undefined, b: readonly number[] | undefined) {
  if (!a) return b;
  if (!b) return a;
  const kept = new Set(b);
  return a.filter((id) => kept.has(id));
}

/**
 * The events a timeline query asks for, as listEvents and countEvents take them: its column
 * filters, and the filters figures link with turned into what SQL can test fast (local hours
 * into UTC spans in the subject's zone, contact keys into addresses and channels on the days
 * the subject had to do with them, a flag into its few events' ids).
 */
export async function timelineFilter(
  ctx: FindingContext,
  query: TimelineQuery,
  range: FindingsWindow,
): Promise<EventFilter> {
  const labels = labelsOf(ctx, query.label);
  const slot = slotOf(query);
  const found = query.counterpart ? await contactsOf(ctx, range, query.counterpart) : undefined;
  let spans = slot ? slotSpans(slot, ctx.build.clock.offsets, range) : undefined;
  if (found) {
    const days = daySpans(found.days, range);
    spans = spans ? intersectSpans(spans, days) : days;
  }
  const flagged = query.flag
    ? await flaggedEventIds(ctx.db, ctx.subject.id, range, query.flag, FLAGGED_BY_ID + 1)
    : undefined;
  const byId = flagged && flagged.length <= FLAGGED_BY_ID;
  const ids = bothIds(query.ids, byId ? flagged : undefined);
  // Contacts without a channel are met in mail and shares only: read those activities alone.
  const contactActivities =
    found && !query.activity && found.contacts.channels.length === 0
      ? [
          ...(found.contacts.emails.length ? ['email_send'] : []),
          ...(found.contacts.shares.length ? ['file_share', 'file_share_external'] : []),
        ]
      : undefined;
  return {
    dialect: ctx.dialect,
    employeeId: ctx.subject.id,
    from: range.start,
    to: range.end,
    ...(query.category ? { categories: [query.category] } : {}),
    ...(query.activity ? { activities: query.activity } : {}),
    ...(contactActivities?.length ? { activities: contactActivities } : {}),
    ...(query.source ? { sources: query.source } : {}),
    ...(query.destination ? { destinations: query.destination } : {}),
    ...(query.outcome ? { outcome: query.outcome } : {}),
    ...(labels ? { labels } : {}),
    ...(query.app ? { app: query.app } : {}),
    ...(query.q ? { q: query.q } : {}),
    ...(spans ? { spans } : {}),
    ...(query.files ? { files: query.files } : {}),
    ...(query.flag && !byId ? { flag: query.flag } : {}),
    ...(query.attachments ? { attachments: true } : {}),
    ...(query.process ? { processWords: query.process } : {}),
    ...(found ? { contacts: found.contacts } : {}),
    ...(ids ? { ids } : {}),
    desc: query.sort === '-time',
    limit: query.limit + 1,
  };
}
