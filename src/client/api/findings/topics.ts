import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';

import { accessRequestsReplySchema } from '../../../shared/schemas/findings/access-requests';
import { codeReposReplySchema } from '../../../shared/schemas/findings/code-repos';
import { communicationsReplySchema } from '../../../shared/schemas/findings/communications';
import { competitorMentionsReplySchema } from '../../../shared/schemas/findings/competitor-mentions';
import { deletionsReplySchema } from '../../../shared/schemas/findings/deletions';
import { devicesReplySchema } from '../../../shared/schemas/findings/devices';
import { externalEmailsReplySchema } from '../../../shared/schemas/findings/external-emails';
import { localAppsReplySchema } from '../../../shared/schemas/findings/local-apps';
import { powershellReplySchema } from '../../../shared/schemas/findings/powershell';
import {
  securityHygieneDetailSchema,
  securityHygieneReplySchema,
} from '../../../shared/schemas/findings/security-hygiene';
import {
  slackDownloadsReplySchema,
  slackSharesReplySchema,
} from '../../../shared/schemas/findings/slack';
import {
  anomalyCountsReplySchema,
  remediationReplySchema,
  summaryReplySchema,
} from '../../../shared/schemas/findings/summary';
import { workingHoursReplySchema } from '../../../shared/schemas/findings/working-hours';
import { request } from '../http-client';
import { findingQueryOptions } from './finding-query';
import { casePath, findingKeys } from './keys';

/** The finding endpoints that take only `?window`, with their schemas: one entry each. */
const topics = {
  workingHours: ['findings/working-hours', workingHoursReplySchema],
  securityHygiene: ['findings/security-hygiene', securityHygieneReplySchema],
  devices: ['findings/devices', devicesReplySchema],
  accessRequests: ['findings/access-requests', accessRequestsReplySchema],
  codeRepos: ['findings/code-repos', codeReposReplySchema],
  competitorMentions: ['findings/competitor-mentions', competitorMentionsReplySchema],
  externalEmails: ['findings/external-emails', externalEmailsReplySchema],
  slackShares: ['findings/slack-shares', slackSharesReplySchema],
  slackDownloads: ['findings/slack-downloads', slackDownloadsReplySchema],
  localApps: ['findings/local-apps', localAppsReplySchema],
  powershell: ['findings/powershell-pseudo-commands', powershellReplySchema],
  deletions: ['findings/deletions', deletionsReplySchema],
  summary: ['summary', summaryReplySchema],
  anomalyCounts: ['evidence/anomaly-counts', anomalyCountsReplySchema],
  remediation: ['remediation-suggestions', remediationReplySchema],
} as const;

/** A topic of {@link topics}. */
export type Topic = keyof typeof topics;

/** What a topic endpoint answers. */
export type TopicData<T extends Topic> = z.output<(typeof topics)[T][1]>;

/** Query options of one topic endpoint. */
export function topicQuery<T extends Topic>(investigationId: string, topic: T, window?: string) {
  const [path, schema] = topics[topic];
  const query = window ? { window } : {};
  return queryOptions<TopicData<T>>({
    queryKey: findingKeys.finding(investigationId, path, query),
    queryFn: ({ signal }) =>
      request(casePath(investigationId, path), { schema, query, signal }) as Promise<TopicData<T>>,
  });
}

/** GET a topic endpoint of the case. */
export function useTopic<T extends Topic>(investigationId: string, topic: T, window?: string) {
  return useQuery(topicQuery(investigationId, topic, window));
}

/** GET findings/communications-analysis?hops. */
export function useCommunications(investigationId: string, hops: number, window?: string) {
  return useQuery(
    findingQueryOptions(
      investigationId,
      'findings/communications-analysis',
      communicationsReplySchema,
      { hops, window },
    ),
  );
}

/** GET findings/security-hygiene/{detailId}. */
export function useHygieneDetail(investigationId: string, detailId: string | null) {
  return useQuery({
    ...findingQueryOptions(
      investigationId,
      `findings/security-hygiene/${encodeURIComponent(detailId ?? '')}`,
      securityHygieneDetailSchema,
    ),
    enabled: Boolean(detailId),
  });
}
