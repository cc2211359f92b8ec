import { endpointIds } from '../../../shared/findings/case-endpoints';
import type { EndpointReply } from '../../../shared/findings/case-endpoints';
import { findingTopics } from '../../../shared/findings/catalogue';
import type { EvidencePageSlug, TopicId } from '../../../shared/findings/catalogue';
import type { FindingEndpoint } from '../../../shared/findings/finding-endpoint';
import type { Detector } from '../../analysis/findings/define-detector';
import { detectorRegistry } from '../../analysis/findings/detectors';
import type { FindingContext } from '../../analysis/findings/finding-context';
import { findings } from '../../analysis/findings/locker-findings';
import type { ReportChart, ReportFact, TopicTable } from '../../analysis/findings/topic-report';

/** What one topic puts in the report, in its page's section: charts, facts and tables. */
export interface TopicReportPart {
  topic: TopicId;
  page: EvidencePageSlug;
  charts: ReportChart[];
  facts: ReportFact[];
  tables: TopicTable[];
}

/**
 * Every finding a report or an export reads, answered by the same detectors as the finding
 * endpoints (so the report says what the screens say): the summary, the anomaly counts, and
 * the report parts of every topic whose detector has some, in catalogue order.
 */
export interface FindingReplies {
  readonly summary: EndpointReply<'summary'>;
  readonly anomalyCounts: EndpointReply<'anomalyCounts'>;
  readonly topics: readonly TopicReportPart[];
}

/** The topics of the catalogue, in its order. */
const topicIds = endpointIds.filter((id): id is TopicId => id in findingTopics);

/**
 * Runs the detectors over the case's whole window with their default query, one after the
 * other (SQLite runs one statement at a time); the index topics' replies come from the
 * locker's findings, as the summary's do.
 */
export async function findingReplies(ctx: FindingContext): Promise<FindingReplies> {
  const detectors = await detectorRegistry();
  const index: Partial<Record<TopicId, unknown>> = await findings(ctx);
  const summary = await detectors.of('summary').run(ctx, {}, {});
  const anomalyCounts = await detectors.of('anomalyCounts').run(ctx, {}, {});
  const topics: TopicReportPart[] = [];
  for (const topic of topicIds) {
    const detector = detectors.of(topic) as Detector;
    const entry: FindingEndpoint = findingTopics[topic];
    if (!detector.report || entry.params) continue;
    const reply = index[topic] ?? (await detector.run(ctx, entry.query?.parse({}) ?? {}, {}));
    topics.push({
      topic,
      page: findingTopics[topic].page,
      charts: detector.report.charts?.(reply as never) ?? [],
      facts: detector.report.facts?.(reply as never) ?? [],
      tables: detector.report.tables?.(reply as never) ?? [],
    });
  }
  return { summary, anomalyCounts, topics };
}
