import type { z } from 'zod';

import {
  eventDetailSchema,
  eventParams,
  eventsQuerySchema,
  eventsReplySchema,
} from '../schemas/findings/events';
import {
  createPinBodySchema,
  pinSchema,
  pinsReplySchema,
  removePinBodySchema,
  verifyPinReplySchema,
} from '../schemas/findings/pins';
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

/**
 * Evidence pinned to a case: listed (live pins and tombstones), pinned by name (the server
 * captures and hashes the content), removed with a reason (a tombstone), and verified.
 */
export const pinEndpoints = {
  list: { path: 'pins', reply: pinsReplySchema },
  create: { path: 'pins', body: createPinBodySchema, reply: pinSchema },
  remove: { path: 'pins/:pinId', body: removePinBodySchema, reply: pinSchema },
  verify: { path: 'pins/:pinId/verify', reply: verifyPinReplySchema },
} as const;
