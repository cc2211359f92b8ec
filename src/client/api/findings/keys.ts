/** Query keys of findings: everything about one case starts with ['findings', id], so one invalidation refreshes a case. */
export const findingKeys = {
  all: ['findings'] as const,
  case: (investigationId: string) => ['findings', investigationId] as const,
  finding: (investigationId: string, path: string, query: Record<string, unknown> = {}) =>
    ['findings', investigationId, path, query] as const,
};

/** The path of an investigation-scoped endpoint; refuses an empty id with the brief's message. */
export function casePath(investigationId: string, rest: string): string {
  if (!investigationId) throw new Error('investigationId is required');
  return `/investigations/${encodeURIComponent(investigationId)}/${rest}`;
}
