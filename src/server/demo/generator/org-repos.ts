import type { Repo } from './org-types';
import type { Prng } from './prng';

/** Engineering teams; each owns a cluster of repositories. */
export const teams = [
  'platform',
  'payments',
  'web',
  'mobile',
  'data',
  'infra',
  'security',
  'growth',
] as const;

const teamStems: Record<(typeof teams)[number], readonly string[]> = {
  platform: [
    'api-gateway',
    'auth-service',
    'user-service',
    'config-service',
    'feature-flags',
    'rate-limiter',
    'service-mesh',
  ],
  payments: [
    'payments-api',
    'billing-service',
    'invoicing',
    'ledger',
    'fraud-rules',
    'payouts',
    'tax-engine',
  ],
  web: [
    'web-frontend',
    'design-system',
    'customer-portal',
    'admin-console',
    'marketing-site',
    'docs-site',
  ],
  mobile: ['ios-app', 'android-app', 'mobile-sdk', 'push-service', 'mobile-ci'],
  data: [
    'data-pipeline',
    'analytics-etl',
    'ml-models',
    'feature-store',
    'warehouse-dbt',
    'search-indexer',
    'recommendations',
  ],
  infra: [
    'infra-terraform',
    'k8s-manifests',
    'ci-templates',
    'helm-charts',
    'observability',
    'backup-jobs',
  ],
  security: ['secrets-rotation', 'sast-config', 'threat-models', 'security-tools', 'iam-policies'],
  growth: [
    'experiments',
    'notification-service',
    'email-templates',
    'referrals',
    'onboarding-flows',
  ],
};

const suffixes = ['', '-v2', '-legacy', '-worker', '-lib', '-tests', '-proto', '-sandbox'];

/** The organization's repositories, enough that a mass clone reaches many never touched before. */
export function buildRepos(prng: Prng, org: string, engineers: number): Repo[] {
  const target = Math.max(30, Math.min(400, Math.round(engineers * 0.9) + 20));
  const repos: Repo[] = [];
  const seen = new Set<string>();
  for (const team of teams) {
    for (const stem of teamStems[team]) {
      seen.add(stem);
      repos.push({ fullName: `${org}/${stem}`, team });
    }
  }
  for (let attempt = 0; repos.length < target && attempt < target * 20; attempt++) {
    const team = prng.pick(teams);
    const name = `${prng.pick(teamStems[team])}${prng.pick(suffixes)}`;
    if (seen.has(name)) continue;
    seen.add(name);
    repos.push({ fullName: `${org}/${name}`, team });
  }
  return repos.slice(0, Math.max(target, 30));
}

/** The repositories one engineer works in: most of their team's and a shared one or two. */
export function reposForEngineer(prng: Prng, repos: readonly Repo[], team: string): string[] {
  const own = repos.filter((r) => r.team === team);
  const picked = prng.sample(own, prng.int(3, 7)).map((r) => r.fullName);
  const shared = repos.filter((r) => r.team === 'infra' || r.team === 'platform');
  for (const r of prng.sample(shared, prng.int(1, 2))) {
    if (!picked.includes(r.fullName)) picked.push(r.fullName);
  }
  return picked;
}
