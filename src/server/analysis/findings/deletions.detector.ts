import { DELETION_KINDS } from '../../../shared/findings/deletion-activities';
import type { DeletionsReply } from '../../../shared/schemas/findings/deletions';
import { dailyGroups } from '../../db/queries/findings/daily-groups';
import { deletionsByHour } from '../../db/queries/findings/deletions';
import { listEvents } from '../../db/queries/findings/event-rows';
import { defineDetector, severityAt } from './define-detector';
import { dayKey, median } from './day-keys';
import type { FindingContext } from './finding-context';
import { presentEvent } from '../../presenters/event';
import { deletionsParts } from './deletions.report';

const HOUR_MS = 3_600_000;
/** An hour is a burst with at least this many deletions and five times the subject's usual hour. */
const BURST_MIN = 50;
const BURST_RATIO = 5;

const KIND: Record<string, 'files' | 'mail' | 'messages'> = DELETION_KINDS;

/** GET findings/deletions: what the subject deleted, and the bursts that look like wiping. */
async function detectDeletions(ctx: FindingContext): Promise<DeletionsReply> {
  const [groups, hours] = await Promise.all([
    dailyGroups(ctx.db, ctx.build, ctx.window, ['day', 'activity', 'app'], {
      activities: Object.keys(KIND),
    }),
    deletionsByHour(ctx.db, ctx.build, ctx.window),
  ]);
  const typical = median(hours.map((h) => h.files + h.mail + h.messages));
  const threshold = Math.max(BURST_MIN, typical * BURST_RATIO);
  const bursts: DeletionsReply['bursts'] = [];
  for (const h of hours) {
    if (h.files + h.mail + h.messages < threshold) continue;
    const last = bursts[bursts.length - 1];
    if (last && last.end === h.hour * HOUR_MS) {
      last.end += HOUR_MS;
      last.files += h.files;
      last.mail += h.mail;
      last.messages += h.messages;
      last.labelled += h.labelled;
    } else {
      bursts.push({
        start: h.hour * HOUR_MS,
        end: (h.hour + 1) * HOUR_MS,
        files: h.files,
        mail: h.mail,
        messages: h.messages,
        labelled: h.labelled,
      });
    }
  }
  const byKind = new Map<string, DeletionsReply['byKind'][number]>();
  const daily = new Map<number, { files: number; mail: number; messages: number }>();
  for (const g of groups) {
    const kind = KIND[g.activity ?? ''] ?? 'files';
    const source = g.app || (kind === 'files' ? 'Endpoint' : 'Other');
    const k = byKind.get(`${kind}|${source}`) ?? { kind, source, events: 0 };
    k.events += g.n;
    byKind.set(`${kind}|${source}`, k);
  }
  for (const h of hours) {
    const day = Math.floor((h.hour * HOUR_MS) / 86_400_000);
    const d = daily.get(day) ?? { files: 0, mail: 0, messages: 0 };
    d.files += h.files;
    d.mail += h.mail;
    d.messages += h.messages;
    daily.set(day, d);
  }
  const biggest = [...bursts].sort((a, b) => b.files + b.mail - (a.files + a.mail))[0];
  const events = await listEvents(ctx.db, {
    dialect: ctx.dialect,
    employeeId: ctx.subject.id,
    from: biggest?.start ?? ctx.window.start,
    to: biggest?.end ?? ctx.window.end,
    activities: Object.keys(KIND),
    desc: true,
    limit: 500,
  });
  return {
    window: ctx.window,
    summary: {
      files: hours.reduce((s, h) => s + h.files, 0),
      mailItems: hours.reduce((s, h) => s + h.mail, 0),
      messages: hours.reduce((s, h) => s + h.messages, 0),
      bursts: bursts.length,
    },
    byKind: [...byKind.values()].sort((a, b) => b.events - a.events),
    daily: [...daily.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([day, d]) => ({ date: dayKey(day), ...d })),
    bursts,
    events: events.map(presentEvent),
  };
}

/** Deletions: the bursts that look like wiping. */
export const deletionsDetector = defineDetector('deletions', detectDeletions, {
  ...deletionsParts,
  figures: ({ deletions }) => ({
    'deletion-bursts': {
      value: deletions.bursts.length,
      severity: severityAt(deletions.bursts.length, 1),
    },
  }),
  anomalies: ({ deletions }) => deletions.bursts.length,
});
