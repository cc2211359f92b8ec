/** Query keys of incidents: everything about one case starts with ['incidents', id]. */
export const incidentKeys = {
  all: ['incidents'] as const,
  case: (investigationId: string) => ['incidents', investigationId] as const,
  list: (investigationId: string, filter: Record<string, unknown>) =>
    ['incidents', investigationId, 'list', filter] as const,
  detail: (investigationId: string, incidentId: string) =>
    ['incidents', investigationId, 'detail', incidentId] as const,
  summary: (investigationId: string) => ['incidents', investigationId, 'summary'] as const,
  techniques: (investigationId: string) => ['incidents', investigationId, 'techniques'] as const,
  itm: (investigationId: string) => ['incidents', investigationId, 'itm'] as const,
  risk: (investigationId: string) => ['incidents', investigationId, 'risk'] as const,
  search: (q: string) => ['incidents', 'search', q] as const,
};

/** The path of an investigation-scoped endpoint; refuses an empty id with the brief's message. */
export function incidentPath(investigationId: string, rest: string): string {
  if (!investigationId) throw new Error('investigationId is required');
  return `/investigations/${encodeURIComponent(investigationId)}/${rest}`;
}

/** While the case's analysis is due or running, ask again every few seconds. */
export function pollWhilePending(data: { pending: boolean } | undefined): number | false {
  return data?.pending ? 3000 : false;
}
