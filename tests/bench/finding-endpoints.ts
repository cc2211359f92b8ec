/**
 * The case endpoints the findings bench times, under /investigations/{id}/: every finding, the
 * summary and anomaly counts, one file's events (the bench's synthetic file `f42`) and an
 * event search. The scale bench times the same list less those two, which name data only the
 * findings bench writes.
 */
export const FINDINGS_BENCH_ENDPOINTS = [
  'findings/app-access',
  'findings/app-access/stats',
  'findings/app-access/daily-chart',
  'findings/app-access/accesses',
  'findings/working-hours',
  'findings/security-hygiene',
  'findings/security-hygiene/failed-sign-ins',
  'findings/devices',
  'findings/access-requests',
  'findings/code-repos',
  'findings/competitor-mentions',
  'findings/external-emails',
  'findings/slack-shares',
  'findings/slack-downloads',
  'findings/local-apps',
  'findings/powershell-pseudo-commands',
  'findings/communications-analysis?hops=1',
  'findings/communications-analysis?hops=3',
  'findings/file-access',
  'findings/file-access/sankey',
  'findings/file-access/files',
  'findings/file-access/files?label=Confidential',
  'findings/file-access/files/f42/events',
  'findings/deletions',
  'summary',
  'evidence/anomaly-counts',
  'remediation-suggestions',
  'events?limit=100',
  'events?category=file&q=document%2042&limit=100',
];
