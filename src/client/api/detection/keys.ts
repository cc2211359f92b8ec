/**
 * Query keys of detection rules: everything starts with ['detection'], so one invalidation after
 * a change refreshes the list and any rule shown.
 */
export const detectionKeys = {
  all: ['detection'] as const,
  rules: () => ['detection', 'rules'] as const,
};

/** The path of one rule's endpoint; refuses an empty id, which would name the whole list. */
export function detectionRulePath(ruleId: string): string {
  if (!ruleId) throw new Error('ruleId is required');
  return `/detection/rules/${encodeURIComponent(ruleId)}`;
}
