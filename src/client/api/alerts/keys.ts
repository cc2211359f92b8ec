/**
 * Query keys of alerts: everything starts with ['alerts'], so one invalidation after a change
 * refreshes the queue, the alert on screen and the dashboard's counts together.
 */
export const alertKeys = {
  all: ['alerts'] as const,
  list: (filters: Record<string, unknown>) => ['alerts', 'list', filters] as const,
  detail: (alertId: string) => ['alerts', 'detail', alertId] as const,
  summary: () => ['alerts', 'summary'] as const,
};

/** The path of one alert's endpoint; refuses an empty id, which would name the whole queue. */
export function alertPath(alertId: string, rest = ''): string {
  if (!alertId) throw new Error('alertId is required');
  return `/alerts/${encodeURIComponent(alertId)}${rest}`;
}
