import { departmentProfile } from '../catalog/departments';
import type { Company } from '../company';
import type { Employee } from '../org-types';
import { hash32, type Prng } from '../prng';
import { sampleTime, sessionAt } from '../rhythm';
import type { DayContext, Emitted, NativeRecord, SourceEmitter } from '../source-types';

/** Audit-log actions the generator emits. */
export type GitHubAction =
  'git.clone' | 'git.fetch' | 'git.push' | 'repo.download_zip' | 'repo.access';

const GIT_AGENTS = ['git/2.43.0', 'git/2.45.2', 'git/2.47.1', 'JGit/6.10.0'];

/**
 * One organization audit-log event as the streaming export writes it. `actor_email` is a Vigil
 * enrichment carrying the SSO email (the same value as `external_identity_nameid`) so identities
 * join without a SAML lookup.
 */
export function githubEvent(
  company: Company,
  e: Employee,
  action: GitHubAction,
  repo: string,
  time: number,
  ip: string,
  prng: Prng,
  opts: { protocol?: 'http' | 'ssh'; userAgent?: string } = {},
): NativeRecord {
  const git = action.startsWith('git.');
  const protocol = opts.protocol ?? (hash32(e.id) % 3 === 0 ? 'http' : 'ssh');
  const record: NativeRecord = {
    '@timestamp': time,
    _document_id: prng.alnum(22),
    action,
    actor: e.githubLogin,
    actor_id: e.githubId,
    actor_ip: ip,
    actor_location: { country_code: e.location.countryCode },
    actor_email: e.email,
    business: company.slug,
    business_id: company.githubBusinessId,
    created_at: time,
    external_identity_nameid: e.email,
    external_identity_username: e.email,
    operation_type: action === 'git.push' ? 'modify' : 'access',
    org: company.githubOrg,
    org_id: company.githubOrgId,
    repo,
    repository: repo,
    repository_public: false,
    user_agent: opts.userAgent ?? (git ? prng.pick(GIT_AGENTS) : (e.devices[0]?.userAgent ?? '')),
  };
  if (git) {
    record.transport_protocol = protocol === 'http' ? 1 : 2;
    record.transport_protocol_name = protocol;
    if (protocol === 'http') {
      record.hashed_token = `${prng.alnum(43)}=`;
      record.programmatic_access_type = 'Fine-grained personal access token';
      record.token_id = prng.int(100_000_000, 999_999_999);
    }
  }
  if (action === 'repo.access') {
    record.visibility = 'private';
    record.previous_visibility = 'internal';
  }
  return record;
}

function normalDay({ ctx, employee: e, plan, prng }: DayContext): Emitted[] {
  if (!e.githubLogin || e.repos.length === 0) return [];
  const { company } = ctx.org;
  const out: Emitted[] = [];
  // Most work on a given day happens in one repository.
  const focus = prng.pick(e.repos);
  const fetches = departmentProfile(e.department).volumes.git * ctx.rate * plan.intensity;
  const counts: [GitHubAction, number][] = [
    ['git.fetch', prng.poisson(fetches)],
    ['git.push', prng.poisson(fetches * 0.35)],
    ['git.clone', prng.poisson(fetches * 0.02)],
    ['repo.download_zip', prng.poisson(fetches * 0.002)],
    ['repo.access', e.level === 'manager' ? prng.poisson(0.01) : 0],
  ];
  for (const [action, n] of counts) {
    for (let i = 0; i < n; i++) {
      const time = sampleTime(plan, prng);
      const ip = sessionAt(plan, time)?.ip ?? e.homeIp;
      const repo = prng.chance(0.7) ? focus : prng.pick(e.repos);
      out.push({ time, record: githubEvent(company, e, action, repo, time, ip, prng) });
    }
  }
  return out;
}

/** GitHub organization audit log (git events and repository access). */
export const githubSource: SourceEmitter = {
  id: 'github',
  file: 'github.ndjson',
  format: 'ndjson',
  timeFormat: '`@timestamp` and `created_at`: epoch milliseconds (UTC)',
  countingRule: 'one audit event = one event',
  employeeDay: normalDay,
  eventCount: () => 1,
  actionOf: (r) => String(r.action),
  serialize: (r) => JSON.stringify(r),
};
