import { describe, expect, it } from 'vitest';

import { googleWorkspaceParser } from '../../../src/server/ingest/parsers/google-workspace';
import { parseOne, parseRecords, rejectionOf } from './support/parse-records';

type Parameter = {
  name: string;
  value?: string;
  boolValue?: boolean;
  intValue?: string;
  multiValue?: string[];
};

/** An activity as the Admin SDK Reports API (activities.list) returns it. */
function activity(
  application: string,
  events: { type: string; name: string; parameters?: Parameter[] }[],
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    kind: 'admin#reports#activity',
    id: {
      time: '2024-05-02T09:30:00.000Z',
      uniqueQualifier: '-4581923845201374712',
      applicationName: application,
      customerId: 'C01abcd2e',
    },
    etag: '"JDMC8884sebSctZ17CIssbQ/abc"',
    actor: { callerType: 'USER', email: 'jane.doe@acme.com', profileId: '114511147312345678901' },
    ipAddress: '198.51.100.23',
    events,
    ...overrides,
  };
}

const doc: Parameter[] = [
  { name: 'doc_id', value: '1AbCdEfGhIjKlMnOpQrStUvWxYz0123456789' },
  { name: 'doc_title', value: 'Q3 pricing model.xlsx' },
  { name: 'doc_type', value: 'spreadsheet' },
  { name: 'owner', value: 'jane.doe@acme.com' },
  { name: 'primary_event', boolValue: true },
];

describe('Google Workspace parser', () => {
  it('emits one event per element of events[], with ids built from the qualifier and each event digest', () => {
    const { events, errors } = parseRecords(googleWorkspaceParser, [
      activity('drive', [
        { type: 'access', name: 'edit', parameters: doc },
        {
          type: 'access',
          name: 'download',
          parameters: [...doc, { name: 'label', value: 'Confidential' }],
        },
      ]),
    ]);
    expect(errors).toEqual([]);
    expect(events.map((event) => event.activity)).toEqual(['file_modify', 'file_download']);
    expect(events[1]).toMatchObject({
      source: 'google_workspace',
      app: 'Google Drive',
      actorEmail: 'jane.doe@acme.com',
      ip: '198.51.100.23',
      classUid: 6006,
      activityId: 2,
      file: {
        id: '1AbCdEfGhIjKlMnOpQrStUvWxYz0123456789',
        name: 'Q3 pricing model.xlsx',
        label: 'Confidential',
      },
      attributes: { docType: 'spreadsheet' },
    });
    expect(events[0]!.sourceEventId).toMatch(
      /^drive:1714642200000:-4581923845201374712:edit:[0-9a-f]{16}@/,
    );
    expect(events[1]!.sourceEventId).toMatch(/:download:[0-9a-f]{16}@/);
  });

  it('maps Drive verbs, printing included', () => {
    const names = [
      'view',
      'download',
      'edit',
      'upload',
      'create',
      'delete',
      'trash',
      'rename',
      'move',
      'print',
    ];
    const { events } = parseRecords(googleWorkspaceParser, [
      activity(
        'drive',
        names.map((name) => ({ type: 'access', name, parameters: doc })),
      ),
    ]);
    expect(events.map((event) => event.activity)).toEqual([
      'file_view',
      'file_download',
      'file_modify',
      'file_upload',
      'file_create',
      'file_delete',
      'file_delete',
      'file_modify',
      'file_move',
      'file_print',
    ]);
    expect(events[7]).toMatchObject({ classUid: 6006, activityId: 5 });
  });

  it('calls a share external when the link opens to anyone or the grantee is outside Acme', () => {
    const share = (parameters: Parameter[], name = 'change_user_access') =>
      activity('drive', [{ type: 'acl_change', name, parameters: [...doc, ...parameters] }]);
    const { events } = parseRecords(googleWorkspaceParser, [
      share([
        { name: 'target_user', value: 'jane.doe.home@gmail.com' },
        { name: 'new_value', multiValue: ['can_view'] },
      ]),
      share([
        { name: 'target_user', value: 'bob@acme.com' },
        { name: 'new_value', multiValue: ['can_edit'] },
      ]),
      share([{ name: 'visibility', value: 'people_with_link' }], 'change_document_visibility'),
      share([
        { name: 'visibility_change', value: 'external' },
        { name: 'target_user', value: 'partner@globex.com' },
      ]),
    ]);
    expect(events.map((event) => [event.activity, event.file?.destination, event.target])).toEqual([
      ['file_share_external', 'personal_email', 'jane.doe.home@gmail.com'],
      ['file_share', null, 'bob@acme.com'],
      ['file_share_external', 'public_link', null],
      ['file_share_external', 'external_share', 'partner@globex.com'],
    ]);
  });

  it('maps login events with their outcome', () => {
    const names = [
      'login_success',
      'login_failure',
      '2sv_disable',
      'password_edit',
      'suspicious_login',
    ];
    const { events } = parseRecords(googleWorkspaceParser, [
      activity(
        'login',
        names.map((name) => ({
          type: 'login',
          name,
          parameters: [{ name: 'login_type', value: 'google_password' }],
        })),
      ),
    ]);
    expect(events.map((event) => [event.activity, event.outcome])).toEqual([
      ['login', 'success'],
      ['login_failed', 'failure'],
      ['mfa_disable', 'unknown'],
      ['password_change', 'unknown'],
      ['login', 'unknown'],
    ]);
    expect(events[4]!.attributes.suspicious).toBe(true);
  });

  it("accepts Elastic's single events object and Panther's flat rows with dict parameters", () => {
    const elastic = activity('drive', [], {
      events: { type: 'access', name: 'download', parameters: doc },
      id: {
        time: '2024-05-02T09:30:00.000Z',
        uniqueQualifier: 4581923845201,
        applicationName: 'drive',
      },
    });
    const panther = {
      id: {
        applicationName: 'drive',
        time: '2024-05-02 09:30:00.000000000',
        uniqueQualifier: '-12',
      },
      actor: { email: 'jane.doe@acme.com' },
      name: 'download',
      type: 'access',
      parameters: {
        doc_id: 'abc',
        doc_title: 'Roadmap.docx',
        visibility: 'private',
        old_value: ['none'],
      },
      p_log_type: 'GSuite.ActivityEvent',
    };
    const { events, errors } = parseRecords(googleWorkspaceParser, [elastic, panther]);
    expect(errors).toEqual([]);
    expect(events.map((event) => [event.activity, event.file?.name])).toEqual([
      ['file_download', 'Q3 pricing model.xlsx'],
      ['file_download', 'Roadmap.docx'],
    ]);
  });

  it('reads a whole API page and skips an empty last page', () => {
    const page = {
      kind: 'admin#reports#activities',
      items: [activity('drive', [{ type: 'access', name: 'view', parameters: doc }])],
      nextPageToken: 'A:1714642200000:-4581923845201374712',
    };
    const outcome = parseRecords(googleWorkspaceParser, [
      page,
      { kind: 'admin#reports#activities' },
    ]);
    expect(outcome.events.map((event) => event.activity)).toEqual(['file_view']);
    expect(outcome.skipped).toEqual(['an API page with no records']);
  });

  it('keeps ids stable and distinct across re-ingest', () => {
    const record = activity('drive', [{ type: 'access', name: 'view', parameters: doc }]);
    const other = activity('drive', [{ type: 'access', name: 'view', parameters: doc }], {
      actor: { email: 'bob@acme.com' },
    });
    const first = parseOne(googleWorkspaceParser, record).sourceEventId;
    expect(parseOne(googleWorkspaceParser, structuredClone(record)).sourceEventId).toBe(first);
    expect(parseOne(googleWorkspaceParser, other).sourceEventId).not.toBe(first);
  });

  it('rejects activities without a time, an actor or an event name', () => {
    const { errors } = parseRecords(googleWorkspaceParser, [
      activity('drive', [{ type: 'access', name: 'view' }], { id: { applicationName: 'drive' } }),
      activity('drive', [{ type: 'access', name: 'view' }], { actor: { callerType: 'USER' } }),
      activity('drive', [{ type: 'access' } as never]),
    ]);
    expect(errors.map((error) => error.message)).toEqual([
      'record 1: no time: Google Workspace activities need `id.time`',
      'record 2: no actor: Google Workspace activities need `actor.email`',
      'record 3: no event name: event 1 of the activity has no `name`',
    ]);
    expect(rejectionOf(googleWorkspaceParser, { eventType: 'user.session.start' })).toBe(
      'record 1: not a Google Workspace activity: it has no `id.applicationName`',
    );
  });
});
