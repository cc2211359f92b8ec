import { findingTopics } from '../../../shared/findings/catalogue';
import type { Severity } from '../../../shared/schemas/findings/common';
import type { RemediationReply } from '../../../shared/schemas/findings/summary';
import { defineDetector } from './define-detector';
import { detectorRegistry } from './detectors';
import type { FindingContext } from './finding-context';
import { findings, indexTopicIds } from './locker-findings';

const RANK: Severity[] = ['critical', 'high', 'medium', 'low', 'none'];

/**
 * What to do next, most urgent first: every index topic's suggestions, by severity, then by
 * urgency, then in catalogue order; each links to the page of its topic.
 */
async function detectRemediation(ctx: FindingContext): Promise<RemediationReply> {
  const [f, detectors] = await Promise.all([findings(ctx), detectorRegistry()]);
  const suggested = indexTopicIds.flatMap((topic) =>
    (detectors.of(topic).remediation?.(f) ?? []).map(({ title, urgency, ...suggestion }) => ({
      urgency,
      suggestion: { ...suggestion, finding: { page: findingTopics[topic].page, title } },
    })),
  );
  return {
    suggestions: suggested
      .sort(
        (a, b) =>
          RANK.indexOf(a.suggestion.severity) - RANK.indexOf(b.suggestion.severity) ||
          a.urgency - b.urgency,
      )
      .map(({ suggestion }, i) => ({ ...suggestion, priority: i + 1 })),
  };
}

/** GET /investigations/{id}/remediation-suggestions. */
export const remediationDetector = defineDetector('remediation', detectRemediation);
