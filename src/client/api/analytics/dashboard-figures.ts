import { queryOptions } from '@tanstack/react-query';

import {
  countReplySchema,
  riskDistributionReplySchema,
  trendReplySchema,
  typeDistributionReplySchema,
} from '../../../shared/schemas/analytics';
import { request } from '../http-client';
import { investigationKeys } from '../investigations/keys';

const base = '/investigations/analytics';
const zone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** One query per dashboard figure, so each card loads and fails on its own. */
export const dashboardQueries = {
  count: () =>
    queryOptions({
      queryKey: investigationKeys.analytics('count'),
      queryFn: () => request(`${base}/count`, { schema: countReplySchema }),
    }),
  activeCount: () =>
    queryOptions({
      queryKey: investigationKeys.analytics('active-count'),
      queryFn: () => request(`${base}/active-count`, { schema: countReplySchema }),
    }),
  highRiskCount: () =>
    queryOptions({
      queryKey: investigationKeys.analytics('high-risk-count'),
      queryFn: () => request(`${base}/high-risk-count`, { schema: countReplySchema }),
    }),
  todayCount: () =>
    queryOptions({
      queryKey: investigationKeys.analytics('today-count', { tz: zone() }),
      queryFn: () =>
        request(`${base}/today-count`, { query: { tz: zone() }, schema: countReplySchema }),
    }),
  riskDistribution: () =>
    queryOptions({
      queryKey: investigationKeys.analytics('risk-distribution'),
      queryFn: () => request(`${base}/risk-distribution`, { schema: riskDistributionReplySchema }),
    }),
  typeDistribution: () =>
    queryOptions({
      queryKey: investigationKeys.analytics('type-distribution'),
      queryFn: () => request(`${base}/type-distribution`, { schema: typeDistributionReplySchema }),
    }),
  trend: (days: number) =>
    queryOptions({
      queryKey: investigationKeys.analytics('trend', { days, tz: zone() }),
      queryFn: () =>
        request(`${base}/trend`, { query: { days, tz: zone() }, schema: trendReplySchema }),
    }),
};
