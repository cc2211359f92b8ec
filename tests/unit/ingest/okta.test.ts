import { describe, expect, it } from 'vitest';

import { oktaParser } from '../../../src/server/ingest/parsers/okta';
import { parseOne, parseRecords, rejectionOf } from './support/parse-records';

/** A LogEvent as Okta's System Log API returns it. */
function logEvent(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    uuid: '3d5e7f1a-0b2c-11ef-9a4b-5b3c1d2e4f60',
    published: '2024-05-02T08:15:30.123Z',
    eventType: 'user.session.start',
    version: '0',
    severity: 'INFO',
    legacyEventType: 'core.user_auth.login_success',
    displayMessage: 'User login to Okta',
    actor: {
      id: '00u1abcd2EFGH3ijk4l5',
      type: 'User',
      alternateId: 'Jane.Doe@acme.com',
      displayName: 'Jane Doe',
    },
    client: {
      userAgent: { rawUserAgent: 'Mozilla/5.0 (Macintosh)', os: 'Mac OS X', browser: 'CHROME' },
      zone: 'null',
      device: 'Computer',
      ipAddress: '203.0.113.7',
      geographicalContext: {
        city: 'Lyon',
        state: 'Auvergne-Rhone-Alpes',
        country: 'France',
        postalCode: '69001',
      },
    },
    outcome: { result: 'SUCCESS', reason: null },
    target: [],
    transaction: { type: 'WEB', id: 'ZjN5c2Rl' },
    debugContext: {
      debugData: {
        requestUri: '/idp/idx/identify',
        behaviors: '{New IP=POSITIVE, New Device=NEGATIVE}',
      },
    },
    authenticationContext: { externalSessionId: '102abcXYZ', interface: null },
    securityContext: { asNumber: 3215, asOrg: 'orange', isp: 'orange s.a.', isProxy: false },
    request: { ipChain: [{ ip: '203.0.113.7', version: 'V4' }] },
    ...overrides,
  };
}

describe('Okta System Log parser', () => {
  it('normalizes a sign-in with actor, place, IP and OCSF Authentication/Logon', () => {
    const event = parseOne(oktaParser, logEvent());
    expect(event).toMatchObject({
      source: 'okta',
      time: Date.parse('2024-05-02T08:15:30.123Z'),
      activity: 'login',
      category: 'auth',
      classUid: 3002,
      activityId: 1,
      action: 'user.session.start',
      outcome: 'success',
      actorEmail: 'jane.doe@acme.com',
      actorId: '00u1abcd2EFGH3ijk4l5',
      ip: '203.0.113.7',
      location: 'Lyon, Auvergne-Rhone-Alpes, France',
      app: 'Okta',
    });
    expect(event.raw).toEqual(logEvent());
  });

  it('maps each security-relevant event type to its normalized activity', () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ outcome: { result: 'FAILURE', reason: 'INVALID_CREDENTIALS' } }, 'login_failed'],
      [{ eventType: 'user.mfa.factor.deactivate' }, 'mfa_disable'],
      [{ eventType: 'user.mfa.factor.reset_all' }, 'mfa_disable'],
      [{ eventType: 'user.account.reset_password' }, 'password_reset'],
      [{ eventType: 'user.credential.forgot_password' }, 'password_reset'],
      [{ eventType: 'user.account.update_password' }, 'password_change'],
      [{ eventType: 'user.account.privilege.grant' }, 'admin_granted'],
      [{ eventType: 'group.privilege.grant' }, 'admin_granted'],
      [{ eventType: 'application.user_membership.add' }, 'role_granted'],
      [{ eventType: 'group.user_membership.add' }, 'role_granted'],
      [{ eventType: 'user.lifecycle.create' }, 'account_created'],
      [{ eventType: 'policy.evaluate_sign_on', outcome: { result: 'SKIPPED' } }, 'mfa_bypass'],
      [{ eventType: 'policy.evaluate_sign_on', outcome: { result: 'ALLOW' } }, 'other'],
      [
        {
          eventType: 'policy.rule.deactivate',
          target: [{ type: 'PolicyRule', displayName: 'Require MFA for VPN' }],
        },
        'mfa_bypass',
      ],
      [{ eventType: 'system.org.rate_limit.warning' }, 'other'],
    ];
    const outcome = parseRecords(
      oktaParser,
      cases.map(([overrides]) => logEvent(overrides)),
    );
    expect(outcome.errors).toEqual([]);
    expect(outcome.events.map((event) => event.activity)).toEqual(
      cases.map(([, activity]) => activity),
    );
  });

  it('takes the application of an SSO from its AppInstance target', () => {
    const event = parseOne(
      oktaParser,
      logEvent({
        eventType: 'user.authentication.sso',
        target: [
          {
            id: '0oa1salesforce',
            type: 'AppInstance',
            alternateId: 'Salesforce.com',
            displayName: 'Salesforce.com',
          },
          {
            id: '0ua1user',
            type: 'AppUser',
            alternateId: 'jane.doe@acme.com',
            displayName: 'Jane Doe',
          },
        ],
      }),
    );
    expect(event).toMatchObject({ activity: 'app_access', category: 'app', app: 'Salesforce.com' });
  });

  it('names the user an admin privilege was granted to', () => {
    const event = parseOne(
      oktaParser,
      logEvent({
        eventType: 'user.account.privilege.grant',
        target: [
          { id: '00u9', type: 'User', alternateId: 'mallory@acme.com', displayName: 'Mallory' },
        ],
        debugContext: { debugData: { privilegeGranted: 'Super administrator' } },
      }),
    );
    expect(event).toMatchObject({
      activity: 'admin_granted',
      classUid: 3006,
      activityId: 1,
      target: 'mallory@acme.com',
    });
  });

  it('copes with "null" strings, an all-null client, an empty ipChain and a system actor', () => {
    const event = parseOne(
      oktaParser,
      logEvent({
        eventType: 'system.org.rate_limit.warning',
        actor: {
          id: '0oa1system',
          type: 'SystemPrincipal',
          alternateId: 'system@okta.com',
          displayName: 'Okta System',
        },
        client: {
          userAgent: null,
          zone: null,
          device: null,
          id: null,
          ipAddress: 'null',
          geographicalContext: null,
        },
        request: { ipChain: [] },
      }),
    );
    expect(event).toMatchObject({ ip: null, location: null, actorEmail: 'system@okta.com' });
  });

  it("reads Panther's lower-cased keys and nanosecond timestamps", () => {
    const panther = {
      uuid: 'uuid',
      published: '2024-05-02 08:15:30.123456789',
      eventtype: 'user.session.start',
      displaymessage: 'User login to Okta',
      actor: { id: '00u1', type: 'User', alternateId: 'jane.doe@acme.com' },
      client: { ipAddress: '203.0.113.7' },
      outcome: { result: 'FAILURE', reason: 'VERIFICATION_ERROR' },
      debugcontext: { debugData: {} },
      p_log_type: 'Okta.SystemLog',
    };
    expect(parseOne(oktaParser, panther)).toMatchObject({
      activity: 'login_failed',
      outcome: 'failure',
      time: Date.parse('2024-05-02T08:15:30.123Z'),
    });
  });

  it('gives repeated uuids different ids, and the same record the same id every time', () => {
    const first = logEvent({ uuid: 'uuid', published: '2024-05-02T08:00:00.000Z' });
    const second = logEvent({ uuid: 'uuid', published: '2024-05-03T08:00:00.000Z' });
    const once = parseRecords(oktaParser, [first, second]).events.map(
      (event) => event.sourceEventId,
    );
    const again = parseRecords(oktaParser, [first, second]).events.map(
      (event) => event.sourceEventId,
    );
    expect(new Set(once).size).toBe(2);
    expect(again).toEqual(once);
  });

  it('rejects records it cannot place in time or attribute, with the position and a fix', () => {
    const { errors } = parseRecords(oktaParser, [
      logEvent({ published: undefined }),
      logEvent({ actor: undefined }),
      logEvent({ published: '2024-06-05T00:00:00Z' }),
      logEvent({ published: 'yesterday' }),
    ]);
    expect(errors.map((error) => error.message)).toEqual([
      'record 1: no time: Okta records need `published`',
      'record 2: no actor: Okta records need `actor.alternateId`',
      expect.stringMatching(
        /^record 3: time in the future: `published` is 2024-06-05T00:00:00.000Z/,
      ),
      'record 4: unreadable time: `published` is "yesterday", expected an ISO-8601 time such as 2024-05-01T09:30:00Z',
    ]);
  });

  it('refuses a record of another format early', () => {
    const github = { action: 'git.clone', actor: 'octocat', created_at: 1714637730123 };
    expect(oktaParser.looksLike(github)).toBe(false);
    expect(rejectionOf(oktaParser, github)).toBe(
      'record 1: not an Okta System Log event: it has no `eventType`',
    );
  });
});
