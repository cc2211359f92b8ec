import { describe, expect, it } from 'vitest';

import { dropboxParser } from '../../../src/server/ingest/parsers/dropbox';
import { parseOne, parseRecords, rejectionOf } from './support/parse-records';

const jane = {
  '.tag': 'team_member',
  account_id: 'dbid:AAH4f99T0taONIb-OurWxbNQ6ywGRopQngc',
  display_name: 'Jane Doe',
  email: 'jane.doe@acme.com',
  team_member_id: 'dbmid:AAHhy7WsR0x-u4ZCqiDl5Fz5zvuL3kmspwU',
};

/** A Dropbox team event as team_log/get_events returns it. */
function teamEvent(tag: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    timestamp: '2024-05-02T15:51:30Z',
    event_category: { '.tag': 'file_operations' },
    actor: { '.tag': 'user', user: jane },
    origin: {
      geo_location: { city: 'Lyon', region: 'ARA', country: 'FR', ip_address: '203.0.113.9' },
      access_method: { '.tag': 'end_user', end_user: { '.tag': 'web', session_id: 'dbwsid:1' } },
    },
    involve_non_team_member: false,
    context: jane,
    assets: [
      {
        '.tag': 'file',
        path: {
          contextual: '/Finance/Q3 forecast.xlsx',
          namespace_relative: { ns_id: '1234', relative_path: '/Q3 forecast.xlsx' },
        },
        display_name: 'Q3 forecast.xlsx',
        file_id: 'id:jQAAAAAAAfA',
      },
    ],
    event_type: { '.tag': tag, description: 'Something happened' },
    details: { '.tag': `${tag}_details` },
    ...overrides,
  };
}

describe('Dropbox team events parser', () => {
  it('turns a download into a file_download with the asset, place and address', () => {
    expect(parseOne(dropboxParser, teamEvent('file_download'))).toMatchObject({
      source: 'dropbox',
      time: Date.parse('2024-05-02T15:51:30Z'),
      category: 'file',
      activity: 'file_download',
      action: 'file_download',
      outcome: 'success',
      actorEmail: 'jane.doe@acme.com',
      actorId: 'dbmid:AAHhy7WsR0x-u4ZCqiDl5Fz5zvuL3kmspwU',
      app: 'Dropbox',
      ip: '203.0.113.9',
      location: 'Lyon, FR',
      file: {
        id: 'id:jQAAAAAAAfA',
        name: 'Q3 forecast.xlsx',
        path: '/Finance/Q3 forecast.xlsx',
        destination: null,
      },
      attributes: { category: 'file_operations', accessMethod: 'end_user' },
    });
  });

  it('maps previews, additions, edits, moves, copies and deletions, with `_tag` exports too', () => {
    const tags = [
      'file_preview',
      'file_add',
      'file_edit',
      'file_move',
      'file_copy',
      'file_delete',
      'file_permanently_delete',
    ];
    const { events } = parseRecords(dropboxParser, [
      ...tags.map((tag) => teamEvent(tag)),
      // Panther writes the union tag as `_tag`.
      teamEvent('x', {
        event_type: { _tag: 'shared_content_download' },
        actor: { _tag: 'user', user: jane },
      }),
    ]);
    expect(events.map((e) => e.activity)).toEqual([
      'file_view',
      'file_upload',
      'file_modify',
      'file_move',
      'file_copy',
      'file_delete',
      'file_delete',
      'file_download',
    ]);
    expect(events.at(-1)!.actorEmail).toBe('jane.doe@acme.com');
  });

  it('tells internal shares, outsiders, personal addresses and public links apart', () => {
    const { events } = parseRecords(dropboxParser, [
      teamEvent('shared_content_add_member', {
        participants: [{ '.tag': 'user', user: { email: 'sam.lee@acme.com' } }],
      }),
      teamEvent('shared_content_add_member', {
        involve_non_team_member: true,
        participants: [
          { '.tag': 'user', user: { '.tag': 'non_team_member', email: 'ola@partner.example' } },
        ],
      }),
      teamEvent('shared_folder_transfer_ownership', {
        details: {
          '.tag': 'shared_folder_transfer_ownership_details',
          previous_owner_email: 'jane.doe@acme.com',
          new_owner_email: 'jane.home@gmail.com',
        },
      }),
      teamEvent('shared_link_create', {
        details: {
          '.tag': 'shared_link_create_details',
          shared_link_access_level: { '.tag': 'public' },
        },
      }),
      teamEvent('shared_link_change_visibility', {
        details: {
          '.tag': 'shared_link_change_visibility_details',
          new_value: { '.tag': 'team_only' },
          previous_value: { '.tag': 'public' },
        },
      }),
    ]);
    expect(events.map((e) => [e.activity, e.file?.destination ?? null, e.target ?? null])).toEqual([
      ['file_share', null, 'sam.lee@acme.com'],
      ['file_share_external', 'external_share', 'ola@partner.example'],
      ['file_share_external', 'personal_email', 'jane.home@gmail.com'],
      ['file_share_external', 'public_link', null],
      ['file_share', null, null],
    ]);
  });

  it('maps collaborator removals, sign-ins, two-step changes and admin sign-in-as', () => {
    const { events } = parseRecords(dropboxParser, [
      teamEvent('shared_content_remove_member', {
        participants: [{ '.tag': 'user', user: { email: 'ola@partner.example' } }],
      }),
      teamEvent('login_success', { assets: [] }),
      teamEvent('login_fail', {
        assets: [],
        details: { '.tag': 'login_fail_details', error_details: { '.tag': 'x' } },
      }),
      teamEvent('tfa_change_status', {
        assets: [],
        details: { '.tag': 'tfa_change_status_details', new_value: { '.tag': 'disabled' } },
      }),
      teamEvent('sign_in_as_session_start', {
        assets: [],
        actor: { '.tag': 'admin', admin: { '.tag': 'team_member', email: 'it.admin@acme.com' } },
      }),
      teamEvent('app_link_member', { assets: [] }),
    ]);
    expect(events.map((e) => [e.activity, e.category, e.outcome])).toEqual([
      ['other', 'file', 'success'],
      ['login', 'auth', 'success'],
      ['login_failed', 'auth', 'failure'],
      ['mfa_disable', 'auth', 'success'],
      ['other', 'auth', 'success'],
      ['other', 'app', 'success'],
    ]);
    expect(events[0]!.activityId).toBe(13);
    expect(events[4]).toMatchObject({
      actorEmail: 'it.admin@acme.com',
      target: 'jane.doe@acme.com',
    });
  });

  it('reads a whole get_events page; events without an id keep one id per content', () => {
    const page = {
      events: [
        teamEvent('file_download'),
        teamEvent('file_download', { timestamp: '2024-05-02T15:51:31Z' }),
      ],
      cursor: 'AAF',
      has_more: false,
    };
    const first = parseRecords(dropboxParser, [page]).events;
    expect(first).toHaveLength(2);
    expect(first[0]!.sourceEventId).not.toBe(first[1]!.sourceEventId);
    expect(parseRecords(dropboxParser, [page]).events.map((e) => e.sourceEventId)).toEqual(
      first.map((e) => e.sourceEventId),
    );
    expect(
      parseRecords(dropboxParser, [{ events: [], cursor: 'x', has_more: false }]).skipped,
    ).toHaveLength(1);
  });

  it('rejects events without a time or an actor, and records of other formats', () => {
    const { errors } = parseRecords(dropboxParser, [
      teamEvent('file_download', { timestamp: undefined }),
      teamEvent('file_download', { actor: { '.tag': 'user', user: {} } }),
    ]);
    expect(errors.map((e) => e.message)).toEqual([
      'record 1: no time: Dropbox team events need `timestamp`',
      'record 2: no actor: Dropbox team events need `actor.user.email` (or a member id)',
    ]);
    expect(rejectionOf(dropboxParser, { event_type: 'DOWNLOAD', created_by: {} })).toBe(
      'record 1: not a Dropbox team event: it has no `event_type` with a `.tag`',
    );
  });
});
