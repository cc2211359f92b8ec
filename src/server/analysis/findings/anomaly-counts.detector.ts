import { evidencePageSlugs, findingTopics } from '../../../shared/findings/catalogue';
import type { EvidencePageSlug } from '../../../shared/findings/catalogue';
import { defineDetector } from './define-detector';
import { detectorRegistry } from './detectors';
import { findings, indexTopicIds } from './locker-findings';

/**
 * The anomaly count of every evidence page, in page order: the sum of what each of its topics'
 * detectors counts (a page none of them counts for shows 0).
 */
export const anomalyCountsDetector = defineDetector('anomalyCounts', async (ctx) => {
  const [f, detectors] = await Promise.all([findings(ctx), detectorRegistry()]);
  const counts = Object.fromEntries(evidencePageSlugs.map((page) => [page, 0])) as Record<
    EvidencePageSlug,
    number
  >;
  for (const topic of indexTopicIds) {
    const count = detectors.of(topic).anomalies?.(f);
    if (count !== undefined) counts[findingTopics[topic].page] += count;
  }
  return {
    window: ctx.window,
    counts,
    total: Object.values(counts).reduce((a, b) => a + b, 0),
  };
});
