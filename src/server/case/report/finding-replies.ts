import type { EndpointReply } from '../../../shared/findings/case-endpoints';
import type { LockerFindings } from '../../analysis/findings/define-detector';
import { detectorRegistry } from '../../analysis/findings/detectors';
import type { FindingContext } from '../../analysis/findings/finding-context';
import { findings } from '../../analysis/findings/locker-findings';

/**
 * Every finding a report or an export reads, answered by the same detectors as the finding
 * endpoints (so the report says what the screens say): the locker's index topics, the
 * summary and anomaly counts, and the topics the index does not read.
 */
export interface FindingReplies extends LockerFindings {
  readonly summary: EndpointReply<'summary'>;
  readonly anomalyCounts: EndpointReply<'anomalyCounts'>;
  readonly files: EndpointReply<'files'>;
  readonly slackShares: EndpointReply<'slackShares'>;
  readonly slackDownloads: EndpointReply<'slackDownloads'>;
  readonly communications: EndpointReply<'communications'>;
  readonly appAccessDailyChart: EndpointReply<'appAccessDailyChart'>;
}

/** Runs the detectors over the case's whole window, one after the other (SQLite runs one statement at a time). */
export async function findingReplies(ctx: FindingContext): Promise<FindingReplies> {
  const detectors = await detectorRegistry();
  const index = await findings(ctx);
  const summary = await detectors.of('summary').run(ctx, {}, {});
  const anomalyCounts = await detectors.of('anomalyCounts').run(ctx, {}, {});
  const files = await detectors.of('files').run(ctx, {}, {});
  const slackShares = await detectors.of('slackShares').run(ctx, {}, {});
  const slackDownloads = await detectors.of('slackDownloads').run(ctx, {}, {});
  const communications = await detectors.of('communications').run(ctx, { hops: 1 }, {});
  const appAccessDailyChart = await detectors.of('appAccessDailyChart').run(ctx, {}, {});
  return {
    ...index,
    summary,
    anomalyCounts,
    files,
    slackShares,
    slackDownloads,
    communications,
    appAccessDailyChart,
  };
}
