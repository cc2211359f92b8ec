import type { Activity } from '../../../shared/events';
import type { Actor } from './addresses';
import { cleanIp, normalizeEmail, resolveActor } from './addresses';
import { defineRecordParser } from './define-parser';
import type { JsonObject } from './fields';
import { at, bool, field, firstField, firstText, isObject, lookup, text } from './fields';
import type { ParserOptions } from './parser';
import { stableId } from './stable-id';
import { requireTime } from './timestamps';

const activityByAction: Record<string, Activity> = {
  'git.clone': 'repo_clone',
  'git.fetch': 'repo_fetch',
  'git.push': 'repo_push',
  'repo.download_zip': 'repo_download',
  'repo.access': 'repo_access',
  'repo.create': 'repo_create',
  'org.add_member': 'role_granted',
  'repo.add_member': 'role_granted',
  'team.add_member': 'role_granted',
};

/**
 * GitHub organization and enterprise audit log events (REST API, export or streaming).
 * `@timestamp`/`created_at` are epoch ms (ISO and Panther's `at_sign_timestamp` are accepted).
 * GitHub logins are not emails: the actor's email comes from `external_identity_nameid` or
 * `actor_email` when present, else from the `accountToEmail` option, and the login stays in
 * actorId. Git events may have no actor (anonymous clone of a public repository).
 */
export const githubParser = defineRecordParser({
  source: 'github',
  label: 'GitHub audit log',
  recordNoun: 'a GitHub audit log event',
  description:
    'GitHub audit log: clones, pushes, archive downloads, repository and membership changes.',
  framings: ['ndjson', 'json-array'],
  mismatch(record) {
    const action = text(field(record, 'action'));
    if (action === null) return 'it has no `action`';
    if (!action.includes('.')) {
      return `its \`action\` "${action.slice(0, 60)}" is not a GitHub action such as \`repo.create\``;
    }
    if (isObject(field(record, 'actor'))) return 'its `actor` is an object, not a GitHub login';
    return null;
  },
  parse(record, context) {
    const action = text(field(record, 'action'))!;
    const stamp = firstField(record, ['@timestamp', 'at_sign_timestamp', 'created_at']);
    const time = requireTime(
      stamp?.value,
      {
        name: `\`${stamp?.name ?? '@timestamp'}\``,
        missing: 'GitHub audit events need `@timestamp` or `created_at`',
        epoch: 'ms',
      },
      context.position,
      context.options,
    );
    const login = text(field(record, 'actor'));
    const git = action.startsWith('git.');
    if (login === null && !git) context.fail('no actor: GitHub audit events need `actor`');
    const repository = firstText(field(record, 'repo'), field(record, 'repository'));
    const activity = activityOf(action, record);
    return [
      context.event({
        time,
        sourceEventId:
          text(field(record, '_document_id')) ??
          stableId('github', [time, action, login, repository, text(field(record, 'user'))]),
        activity,
        action,
        outcome: 'success',
        ...actorOf(record, login, context.options),
        app: 'GitHub',
        ip: cleanIp(field(record, 'actor_ip')),
        location: text(at(record, 'actor_location', 'country_code')),
        repository,
        target:
          activity === 'role_granted' || activity === 'admin_granted'
            ? firstText(field(record, 'user'), field(record, 'team'))
            : null,
        attributes: {
          // The login as written, and repo.access's new visibility, for Sigma's GitHub rules.
          actor: login ?? undefined,
          visibility: text(field(record, 'visibility')) ?? undefined,
          org: text(field(record, 'org')) ?? undefined,
          transportProtocol:
            firstText(field(record, 'transport_protocol_name'), field(record, 'protocol_name')) ??
            undefined,
          repositoryPublic:
            bool(field(record, 'repository_public')) ??
            bool(field(record, 'public_repo')) ??
            undefined,
          programmaticAccessType: text(field(record, 'programmatic_access_type')) ?? undefined,
          userAgent: text(field(record, 'user_agent')) ?? undefined,
          tokenId: text(field(record, 'token_id')) ?? undefined,
          permission: text(field(record, 'permission')) ?? undefined,
        },
      }),
    ];
  },
});

function activityOf(action: string, record: JsonObject): Activity {
  const mapped = lookup(activityByAction, action);
  if (mapped !== undefined) return mapped;
  if (action === 'org.update_member') {
    const role = firstText(field(record, 'permission'), at(record, 'data', 'permission'));
    return role?.toLowerCase() === 'admin' ? 'admin_granted' : 'other';
  }
  return 'other';
}

function actorOf(record: JsonObject, login: string | null, options: ParserOptions): Actor {
  const email =
    normalizeEmail(field(record, 'external_identity_nameid')) ??
    normalizeEmail(field(record, 'actor_email'));
  if (email !== null) return { actorEmail: email, actorId: login };
  return resolveActor(login, options);
}
