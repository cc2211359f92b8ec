import type { Severity } from '../../../shared/schemas/findings/common';
import type { SummaryReply } from '../../../shared/schemas/findings/summary';
import { median } from './day-keys';
import type { FindingContext } from './finding-context';
import { findings, sensitiveLeaving } from './locker-findings';
import type { Findings } from './locker-findings';

type Page = SummaryReply['figures'][number]['page'];

function figure(
  id: string,
  label: string,
  value: number,
  page: Page,
  severity: Severity,
  unit: string | null = null,
) {
  return { id, label, value, unit, page, severity };
}

/** Below this share of activity off hours nothing stands out (the risk score's own threshold). */
const ORDINARY_OFF_HOURS = 0.2;
/** From this share off hours the figure is high (the risk score's after-hours part is then half full). */
const HIGH_OFF_HOURS = 0.4;
/** A week this far above the subject's usual weekly share is a shift worth a look. */
const WEEK_ABOVE_USUAL = 0.3;
/** Weeks with fewer events than this say nothing about a pattern. */
const WEEK_MIN_EVENTS = 20;

/**
 * How much the off-hours share says: by how far it is above what is ordinary for anyone, and
 * whether some week stands far above the subject's own usual week. Days that break the pattern
 * alone, with an ordinary share, are worth no more than a low.
 */
export function offHoursSeverity(hours: Findings['hours']): Severity {
  if (hours.totalEvents < 50) return 'none';
  if (hours.offHoursShare >= HIGH_OFF_HOURS) return 'high';
  if (hours.offHoursShare > ORDINARY_OFF_HOURS) return 'medium';
  const weeks = hours.weeks.filter((w) => w.events >= WEEK_MIN_EVENTS).map((w) => w.share);
  const usual = median(weeks);
  if (weeks.some((share) => share >= usual + WEEK_ABOVE_USUAL)) return 'medium';
  return hours.anomalousDays.length >= 3 ? 'low' : 'none';
}

/** GET /investigations/{id}/summary: what the subject did, in sentences and key figures. */
export async function detectSummary(ctx: FindingContext): Promise<SummaryReply> {
  const f = await findings(ctx);
  const leaving = sensitiveLeaving(f);
  const usb = f.devices.removableMedia.writes;
  const critical = f.hygiene.items.filter(
    (i) => i.severity === 'critical' || i.severity === 'high',
  );
  const narrative: string[] = [];
  const events = f.activity?.n ?? 0;
  narrative.push(
    events
      ? `${events.toLocaleString('en-US')} events over ${f.activeDays} active days between ${new Date(ctx.window.start).toISOString().slice(0, 10)} and ${new Date(ctx.window.end - 1).toISOString().slice(0, 10)}.`
      : 'No activity was recorded for the subject in this window.',
  );
  if (f.requests.resignationDate)
    narrative.push(`The subject resigned on ${f.requests.resignationDate}.`);
  if (leaving.risky || usb)
    narrative.push(
      `${leaving.all} sensitive file movements left company storage (${leaving.risky} to removable media, personal mail or cloud, public links or external shares); ${usb} files were written to removable media.`,
    );
  if (f.mail.summary.personal)
    narrative.push(
      `${f.mail.summary.personal} emails went to personal addresses (${f.mail.summary.withAttachments} external emails carried attachments).`,
    );
  if (f.repos.bulkClones.length)
    narrative.push(
      `Bulk repository cloning on ${f.repos.bulkClones.map((b) => `${b.date} (${b.repositories} repositories)`).join(', ')}.`,
    );
  if (f.hours.anomalousDays.length)
    narrative.push(
      `${f.hours.anomalousDays.length} days broke the usual working pattern; ${Math.round(f.hours.offHoursShare * 100)}% of activity fell outside working hours.`,
    );
  if (critical.length)
    narrative.push(
      `Security hygiene: ${critical.map((i) => `${i.title.toLowerCase()} (${i.count})`).join(', ')}.`,
    );
  if (f.powershell.techniques.length)
    narrative.push(
      `Suspicious commands map to ${f.powershell.techniques.map((t) => t.id).join(', ')}.`,
    );
  if (f.deletions.bursts.length)
    narrative.push(
      `${f.deletions.bursts.length} deletion bursts removed ${f.deletions.summary.files} files and ${f.deletions.summary.mailItems} mail items.`,
    );
  const mentions = f.mentions.competitors.filter((c) => c.mentions > 0);
  if (mentions.length)
    narrative.push(
      `Competitors named: ${mentions.map((c) => `${c.name} (${c.mentions})`).join(', ')}.`,
    );
  if (f.requests.summary.flagged)
    narrative.push(
      `${f.requests.summary.flagged} access requests stand out against department peers or came after resignation.`,
    );
  if (narrative.length === 1 && events)
    narrative.push('Nothing in this window stands out from the subject’s usual behaviour.');
  const sev = (n: number, high: number, medium = 1): Severity =>
    n >= high ? 'high' : n >= medium ? 'medium' : 'none';
  return {
    window: ctx.window,
    narrative,
    figures: [
      figure(
        'sensitive-leaving',
        'Sensitive files leaving',
        leaving.all,
        'file-access',
        // Mail to business addresses counts, but alone it is everyday work: low at most.
        leaving.risky ? sev(leaving.risky, 10) : leaving.all ? 'low' : 'none',
      ),
      figure('usb-writes', 'Files written to USB', usb, 'devices', sev(usb, 5)),
      figure(
        'personal-email',
        'Mails to personal addresses',
        f.mail.summary.personal,
        'communications-analysis',
        sev(f.mail.summary.personal, 3),
      ),
      figure(
        'bulk-clones',
        'Bulk clone days',
        f.repos.bulkClones.length,
        'code-repos',
        sev(f.repos.bulkClones.length, 1),
      ),
      figure(
        'off-hours',
        'Activity off hours',
        Math.round(f.hours.offHoursShare * 100),
        'working-hours',
        offHoursSeverity(f.hours),
        '%',
      ),
      figure(
        'hygiene',
        'Security issues (high or worse)',
        critical.length,
        'security-hygiene',
        sev(critical.length, 1),
      ),
      figure(
        'commands',
        'Suspicious commands',
        f.powershell.summary.suspicious,
        'powershell-commands',
        sev(f.powershell.summary.suspicious, 3),
      ),
      figure(
        'deletion-bursts',
        'Deletion bursts',
        f.deletions.bursts.length,
        'deletions',
        sev(f.deletions.bursts.length, 1),
      ),
      figure(
        'competitor-mentions',
        'Competitor mentions',
        f.mentions.mentions.length,
        'communications-analysis',
        sev(f.mentions.mentions.length, 5),
      ),
      figure(
        'access-requests',
        'Unusual access requests',
        f.requests.summary.flagged,
        'access-requests',
        sev(f.requests.summary.flagged, 2),
      ),
    ],
    activity: {
      events,
      activeDays: f.activeDays,
      firstSeen: f.activity?.firstTime ?? null,
      lastSeen: f.activity?.lastTime ?? null,
    },
  };
}
