import type { AuditFilter } from '../../api/audit/audit';

/** The URL search parameters the audit screen keeps its filters in, in the filter bar's order. */
export const auditFilterNames = ['user', 'person', 'case', 'action', 'from', 'to'] as const;
export type AuditFilterName = (typeof auditFilterNames)[number];

/** The filter a URL holds (empty values left out), so a link opens the same view. */
export function filterFromParams(params: URLSearchParams): AuditFilter {
  const filter: AuditFilter = {};
  for (const name of auditFilterNames) {
    const value = params.get(name)?.trim();
    if (value) filter[name] = value;
  }
  return filter;
}

/** The URL search parameters of a filter. */
export function paramsFromFilter(filter: AuditFilter): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of auditFilterNames) {
    const value = filter[name]?.trim();
    if (value) params.set(name, value);
  }
  return params;
}

const LABELS: Record<AuditFilterName, string> = {
  user: 'user',
  person: 'person',
  case: 'case',
  action: 'action',
  from: 'from',
  to: 'before',
};

/** The filter in words for the subtitle: `user alice@… · action evidence.read`. */
export function describeAuditFilter(
  filter: AuditFilter,
  personName: (id: string) => string,
): string[] {
  return auditFilterNames
    .filter((name) => filter[name])
    .map(
      (name) => `${LABELS[name]} ${name === 'person' ? personName(filter[name]!) : filter[name]}`,
    );
}
