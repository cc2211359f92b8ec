import type { z } from 'zod';

import type {
  EndpointId,
  EndpointReply,
  findingEndpoints,
} from '../../../shared/findings/case-endpoints';
import type { TopicId, findingTopics } from '../../../shared/findings/catalogue';
import type {
  FigureIdOf,
  ParamsOf,
  QuerySchemaOf,
} from '../../../shared/findings/finding-endpoint';
import type { Severity } from '../../../shared/schemas/findings/common';
import type { TimelineLink } from '../../../shared/schemas/subject-timeline';
import type { DailyGroup } from '../../db/queries/findings/daily-groups';
import type { FindingContext } from './finding-context';
import type { NarrativeLines, TopicReport, TopicSuggestion } from './topic-report';

type Endpoint<K extends EndpointId> = (typeof findingEndpoints)[K];

/** The topics the locker's index reads: those with key figures or an anomaly count. */
export type IndexTopicId = {
  [K in TopicId]: (typeof findingTopics)[K] extends { figures: object } | { anomalies: string }
    ? K
    : never;
}[TopicId];

/** What the locker's index is made of: each index topic's reply, and the subject's activity. */
export type LockerFindings = { readonly [K in IndexTopicId]: EndpointReply<K> } & {
  /** Events, first and last time over the window (undefined without events). */
  readonly activity: DailyGroup | undefined;
  readonly activeDays: number;
};

/** One key figure's value and how much it matters. */
export interface FigureValue {
  value: number;
  severity: Severity;
  /** The events the value counts, as subject timeline filters (over the whole window). */
  events?: TimelineLink;
}

/**
 * The detector of one catalogue entry: the function that answers its endpoint and, for index
 * topics, its key figures, its part of its page's anomaly count, its sentences in the summary
 * and its remediation suggestions (read from every index topic's findings, since some look
 * beyond their own topic); and what its reply puts in the report.
 */
export interface Detector<K extends EndpointId = EndpointId> {
  readonly topic: K;
  run(
    ctx: FindingContext,
    query: z.output<QuerySchemaOf<Endpoint<K>>>,
    params: ParamsOf<Endpoint<K>>,
  ): Promise<EndpointReply<K>>;
  figures?(findings: LockerFindings): Record<FigureIdOf<Endpoint<K>>, FigureValue>;
  anomalies?(findings: LockerFindings): number;
  narrative?(findings: LockerFindings): NarrativeLines;
  remediation?(findings: LockerFindings): TopicSuggestion[];
  readonly report?: TopicReport<EndpointReply<K>>;
}

/** What a detector says beyond its reply: all of it optional. */
export type DetectorParts<K extends EndpointId> = Pick<
  Detector<K>,
  'figures' | 'anomalies' | 'narrative' | 'remediation' | 'report'
>;

const detectorMark = Symbol('detector');

/**
 * Declares the detector of a catalogue entry. A `*.detector.ts` module exports these, and the
 * registry finds them there by that convention, so no list of detectors is kept by hand.
 */
export function defineDetector<K extends EndpointId>(
  topic: K,
  run: Detector<K>['run'],
  parts: DetectorParts<K> = {},
): Detector<K> {
  return Object.assign({ topic, run, ...parts }, { [detectorMark]: true });
}

/** Whether a module export is a detector made by {@link defineDetector}. */
export function isDetector(value: unknown): value is Detector {
  return typeof value === 'object' && value !== null && detectorMark in value;
}

/** `high` from `high` up, `medium` from `medium` up, otherwise `none`. */
export function severityAt(count: number, high: number, medium = 1): Severity {
  return count >= high ? 'high' : count >= medium ? 'medium' : 'none';
}
