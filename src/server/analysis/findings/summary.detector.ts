import type { SummaryReply } from '../../../shared/schemas/findings/summary';
import { findingTopics } from '../../../shared/findings/catalogue';
import { plural } from '../../../shared/wording';
import type { FindingEndpoint } from '../../../shared/findings/finding-endpoint';
import { defineDetector } from './define-detector';
import type { FigureValue, LockerFindings } from './define-detector';
import { detectorRegistry } from './detectors';
import type { FindingContext } from './finding-context';
import { findings, indexTopicIds } from './locker-findings';

/**
 * What the subject did, in sentences: the activity, then what each index topic says (in
 * catalogue order, who the subject is before what stood out), or that nothing stood out.
 */
async function narrative(ctx: FindingContext, f: LockerFindings): Promise<string[]> {
  const detectors = await detectorRegistry();
  const told = indexTopicIds.map((topic) => detectors.of(topic).narrative?.(f) ?? {});
  const events = f.activity?.n ?? 0;
  const lines = [
    events
      ? `${plural(events, 'event')} over ${plural(f.activeDays, 'active day')} between ${new Date(ctx.window.start).toISOString().slice(0, 10)} and ${new Date(ctx.window.end - 1).toISOString().slice(0, 10)}.`
      : 'No activity was recorded for the subject in this window.',
    ...told.flatMap((t) => t.lead ?? []),
    ...told.flatMap((t) => t.lines ?? []),
  ];
  if (lines.length === 1 && events)
    lines.push('Nothing in this window stands out from the subject’s usual behaviour.');
  return lines;
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
    narrative: await narrative(ctx, f),
    figures: await keyFigures(f),
    activity: {
      events: f.activity?.n ?? 0,
      activeDays: f.activeDays,
      firstSeen: f.activity?.firstTime ?? null,
      lastSeen: f.activity?.lastTime ?? null,
    },
  };
});
