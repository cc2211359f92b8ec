import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { RuleCreate, RulePatch } from '../../../shared/schemas/notifications';
import { notificationRuleSchema, ruleListSchema } from '../../../shared/schemas/notifications';
import { request } from '../http-client';
import { notificationKeys } from './keys';

/** GET /notifications/rules */
export const notificationRulesQuery = () =>
  queryOptions({
    queryKey: notificationKeys.rules(),
    queryFn: ({ signal }) => request('/notifications/rules', { schema: ruleListSchema, signal }),
  });

export function useNotificationRules() {
  return useQuery(notificationRulesQuery());
}

/** POST /notifications/rules */
export function useCreateNotificationRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RuleCreate) =>
      request('/notifications/rules', { method: 'POST', body, schema: notificationRuleSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: notificationKeys.rules() }),
  });
}

/** PATCH /notifications/rules/{id}: name, trigger and channels. */
export function useUpdateNotificationRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: RulePatch }) =>
      request(`/notifications/rules/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: patch,
        schema: notificationRuleSchema,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: notificationKeys.rules() }),
  });
}

/** PATCH /notifications/rules/{id}: switch on or off. */
export function setRuleEnabled(id: string, enabled: boolean) {
  return request(`/notifications/rules/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: { enabled },
    schema: notificationRuleSchema,
  });
}

/** DELETE /notifications/rules/{id}. */
export async function deleteRule(id: string): Promise<void> {
  await request(`/notifications/rules/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
