import type { z } from 'zod';

import {
  eventDetailSchema,
  eventParams,
  eventsQuerySchema,
  eventsReplySchema,
} from '../schemas/findings/events';
import { createPinBodySchema, pinSchema, pinsReplySchema } from '../schemas/findings/pins';
import {
  anomalyCountsReplySchema,
  remediationReplySchema,
  summaryReplySchema,
} from '../schemas/findings/summary';
import { findingTopics } from './catalogue';
import type { FindingEndpoint } from './finding-endpoint';

/**
 * The evidence locker's index, read from every topic: the summary with its key figures, the
 * anomaly count of each page, and remediation suggestions. Each has a detector, like a topic.
 */
const lockerIndex = {
  summary: {
    path: 'summary',
    page: 'summary',
    title: 'Narrative summary and key figures',
    reply: summaryReplySchema,
  },
  anomalyCounts: {
    path: 'evidence/anomaly-counts',
    page: 'anomaly-counts',
    title: 'Anomalies per evidence page',
    reply: anomalyCountsReplySchema,
  },
  remediation: {
    path: 'remediation-suggestions',
    page: 'remediation',
    title: 'Ordered remediation actions',
    reply: remediationReplySchema,
  },
} satisfies Record<string, FindingEndpoint>;

/** Every GET finding endpoint of a case: the topics and the locker's index, one detector each. */
export const findingEndpoints = { ...findingTopics, ...lockerIndex };

/** The id of a finding endpoint: a topic id, or `summary`, `anomalyCounts`, `remediation`. */
export type EndpointId = keyof typeof findingEndpoints;

/** Every finding endpoint id, topics first. */
export const endpointIds = Object.keys(findingEndpoints) as EndpointId[];

/** What a finding endpoint answers. */
export type EndpointReply<K extends EndpointId> = z.output<(typeof findingEndpoints)[K]['reply']>;

/** The subject's raw events, for drill-down from any finding, and one event with its record. */
export const eventEndpoints = {
  list: { path: 'events', query: eventsQuerySchema, reply: eventsReplySchema },
  detail: { path: 'events/:eventId', params: eventParams, reply: eventDetailSchema },
} as const;

/** Evidence pinned to a case: listed, pinned (a body, answered with the pin) and unpinned. */
export const pinEndpoints = {
  list: { path: 'evidence/pins', reply: pinsReplySchema },
  create: { path: 'evidence/pins', body: createPinBodySchema, reply: pinSchema },
  remove: { path: 'evidence/pins/:pinId' },
} as const;
