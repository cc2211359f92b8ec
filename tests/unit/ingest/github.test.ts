import { describe, expect, it } from 'vitest';

import { githubParser } from '../../../src/server/ingest/parsers/github';
import { acmeOptions, parseOne, parseRecords, rejectionOf } from './support/parse-records';

/** A git event from the audit log streaming API (timestamps in epoch ms). */
function gitEvent(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    '@timestamp': 1714660261337,
    _document_id: 'mKwzQPYd0dTdqN8q3hW5Fg',
    action: 'git.clone',
    actor: 'jdoe-acme',
    actor_id: 5823901,
    actor_location: { country_code: 'FR' },
    business: 'acme',
    created_at: 1714660261337,
    org: 'acme',
    org_id: 11223344,
    repo: 'acme/pricing-engine',
    repository: 'acme/pricing-engine',
    repository_public: false,
    transport_protocol: 1,
    transport_protocol_name: 'ssh',
    user: '',
    ...overrides,
  };
}

const logins = { 'jdoe-acme': 'jane.doe@acme.com' };
const options = {
  ...acmeOptions,
  accountToEmail: (login: string) => logins[login as keyof typeof logins] ?? null,
};

describe('GitHub audit log parser', () => {
  it('normalizes a clone with the login mapped to the employee email', () => {
    expect(parseOne(githubParser, gitEvent(), options)).toMatchObject({
      source: 'github',
      sourceEventId: 'mKwzQPYd0dTdqN8q3hW5Fg',
      time: 1714660261337,
      activity: 'repo_clone',
      category: 'repo',
      classUid: 9005,
      action: 'git.clone',
      actorEmail: 'jane.doe@acme.com',
      actorId: 'jdoe-acme',
      app: 'GitHub',
      location: 'FR',
      repository: 'acme/pricing-engine',
      attributes: { transportProtocol: 'ssh', repositoryPublic: false, org: 'acme' },
    });
  });

  it('keeps an unmapped login in actorId and prefers the SSO identity when present', () => {
    expect(parseOne(githubParser, gitEvent({ actor: 'octo-contractor' }), options)).toMatchObject({
      actorEmail: null,
      actorId: 'octo-contractor',
    });
    expect(
      parseOne(
        githubParser,
        gitEvent({ actor: 'octo-contractor', external_identity_nameid: 'Sam.Lee@acme.com' }),
        options,
      ),
    ).toMatchObject({ actorEmail: 'sam.lee@acme.com', actorId: 'octo-contractor' });
  });

  it('maps repository and membership actions', () => {
    const actions = {
      'git.fetch': 'repo_fetch',
      'git.push': 'repo_push',
      'repo.download_zip': 'repo_download',
      'repo.access': 'repo_access',
      'repo.create': 'repo_create',
      'org.add_member': 'role_granted',
      'repo.add_member': 'role_granted',
      'team.add_member': 'role_granted',
      'repo.destroy': 'other',
    };
    const { events } = parseRecords(
      githubParser,
      Object.keys(actions).map((action, index) =>
        gitEvent({ action, _document_id: `doc-${index}`, user: 'new-hire' }),
      ),
      options,
    );
    expect(events.map((event) => event.activity)).toEqual(Object.values(actions));
    expect(events[5]).toMatchObject({ category: 'account', target: 'new-hire' });
  });

  it('keeps a clone without an actor, and rejects other actorless events', () => {
    const anonymous = gitEvent({
      actor: undefined,
      actor_id: undefined,
      user_id: 0,
      repository_public: true,
    });
    expect(parseOne(githubParser, anonymous, options)).toMatchObject({
      actorEmail: null,
      actorId: null,
    });
    expect(rejectionOf(githubParser, gitEvent({ action: 'repo.create', actor: undefined }))).toBe(
      'record 1: no actor: GitHub audit events need `actor`',
    );
  });

  it('reads older exports (created_at only, ISO or Panther) and hashes an id when there is none', () => {
    const older = gitEvent({
      '@timestamp': undefined,
      _document_id: undefined,
      created_at: '2024-05-02T14:31:01.337Z',
    });
    const panther = gitEvent({
      '@timestamp': undefined,
      at_sign_timestamp: '2024-05-02 14:31:01.337',
      _document_id: undefined,
    });
    const [first, second] = parseRecords(githubParser, [older, panther], options).events;
    expect(first!.time).toBe(1714660261337);
    expect(second!.time).toBe(1714660261337);
    expect(first!.sourceEventId).toMatch(/^github:[0-9a-f]{32}$/);
    expect(parseOne(githubParser, structuredClone(older), options).sourceEventId).toBe(
      first!.sourceEventId,
    );
  });

  it('rejects bad times and records of other formats with reasons', () => {
    expect(rejectionOf(githubParser, gitEvent({ '@timestamp': '2024-12-17 00:00:00000000' }))).toBe(
      'record 1: unreadable time: `@timestamp` is "2024-12-17 00:00:00000000", expected an ISO-8601 time or epoch milliseconds',
    );
    expect(
      rejectionOf(githubParser, { action: 'file_downloaded', actor: { type: 'user' } }),
    ).toMatch(
      /^record 1: not a GitHub audit log event: its `action` "file_downloaded" is not a GitHub action/,
    );
  });
});
