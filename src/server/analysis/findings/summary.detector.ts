import type { SummaryReply } from '../../../shared/schemas/findings/summary';
import { findingTopics } from '../../../shared/findings/catalogue';
import { offHoursPercent } from '../../../shared/schemas/subject-timeline';
import { plural } from '../../../shared/wording';
import type { FindingEndpoint } from '../../../shared/findings/finding-endpoint';
import { defineDetector } from './define-detector';
import type { FigureValue, LockerFindings } from './define-detector';
import { detectorRegistry } from './detectors';
import { sensitiveLeaving } from './file-access.detector';
import type { FindingContext } from './finding-context';
import { findings, indexTopicIds } from './locker-findings';

/** What the subject did, in sentences: each finding that stands out gets one. */
function narrative(ctx: FindingContext, f: LockerFindings): string[] {
  const leaving = sensitiveLeaving(f.fileAccess);
  const usb = f.devices.removableMedia.writes;
  const critical = f.securityHygiene.items.filter(
    (i) => i.severity === 'critical' || i.severity === 'high',
  );
  const narrative: string[] = [];
  const events = f.activity?.n ?? 0;
  narrative.push(
    events
      ? `${plural(events, 'event')} over ${plural(f.activeDays, 'active day')} between ${new Date(ctx.window.start).toISOString().slice(0, 10)} and ${new Date(ctx.window.end - 1).toISOString().slice(0, 10)}.`
      : 'No activity was recorded for the subject in this window.',
  );
  if (f.accessRequests.resignationDate)
    narrative.push(`The subject resigned on ${f.accessRequests.resignationDate}.`);
  if (leaving.risky || usb)
    narrative.push(
      `${plural(leaving.all, 'sensitive file movement')} left company storage (${leaving.risky} to removable media, personal mail or cloud, public links or external shares); ${plural(usb, 'file was', 'files were')} written to removable media.`,
    );
  if (f.externalEmails.summary.personal)
    narrative.push(
      `${plural(f.externalEmails.summary.personal, 'email')} went to personal addresses (${plural(f.externalEmails.summary.withAttachments, 'external email')} carried attachments).`,
    );
  if (f.codeRepos.bulkClones.length)
    narrative.push(
      `Bulk repository cloning on ${f.codeRepos.bulkClones.map((b) => `${b.date} (${plural(b.repositories, 'repository')})`).join(', ')}.`,
    );
  if (f.workingHours.anomalousDays.length)
    narrative.push(
      `${plural(f.workingHours.anomalousDays.length, 'day')} broke the usual working pattern; ${offHoursPercent(f.workingHours)}% of activity fell outside working hours.`,
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
      `${plural(f.deletions.bursts.length, 'deletion burst')} removed ${plural(f.deletions.summary.files, 'file')} and ${plural(f.deletions.summary.mailItems, 'mail item')}.`,
    );
  const mentions = f.competitorMentions.competitors.filter((c) => c.mentions > 0);
  if (mentions.length)
    narrative.push(
      `Competitors named: ${mentions.map((c) => `${c.name} (${c.mentions})`).join(', ')}.`,
    );
  if (f.accessRequests.summary.flagged)
    narrative.push(
      `${plural(f.accessRequests.summary.flagged, 'access request stands', 'access requests stand')} out against department peers or came after resignation.`,
    );
  if (narrative.length === 1 && events)
    narrative.push('Nothing in this window stands out from the subject’s usual behaviour.');
  return narrative;
}

/** The key figures, in catalogue order: each index topic's, valued by its detector. */
async function keyFigures(f: LockerFindings): Promise<SummaryReply['figures']> {
  const detectors = await detectorRegistry();
  return indexTopicIds.flatMap((topic) => {
    const entry: FindingEndpoint = findingTopics[topic];
    const values: Partial<Record<string, FigureValue>> = detectors.of(topic).figures?.(f) ?? {};
    return Object.entries(entry.figures ?? {}).map(([id, { label, unit }]) => ({
      id,
      label,
      value: values[id]?.value ?? 0,
      unit: unit ?? null,
      page: entry.page,
      severity: values[id]?.severity ?? 'none',
      events: values[id]?.events ?? null,
    }));
  });
}

/** GET /investigations/{id}/summary: what the subject did, in sentences and key figures. */
export const summaryDetector = defineDetector('summary', async (ctx) => {
  const f = await findings(ctx);
  return {
    window: ctx.window,
    narrative: narrative(ctx, f),
    figures: await keyFigures(f),
    activity: {
      events: f.activity?.n ?? 0,
      activeDays: f.activeDays,
      firstSeen: f.activity?.firstTime ?? null,
      lastSeen: f.activity?.lastTime ?? null,
    },
  };
});
