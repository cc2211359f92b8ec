import { describe, expect, it } from 'vitest';

import { boxParser } from '../../../src/server/ingest/parsers/box';
import { parseOne, parseRecords, rejectionOf } from './support/parse-records';

/** A Box enterprise event (admin_logs stream) as the Events API returns it. */
function boxEvent(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    type: 'event',
    event_id: 'f82c3ba0-3e41',
    created_by: { type: 'user', id: '10293', name: 'Jane Doe', login: 'jane.doe@acme.com' },
    created_at: '2024-05-02T10:15:00-07:00',
    recorded_at: '2024-05-02T10:15:02-07:00',
    event_type: 'DOWNLOAD',
    ip_address: '203.0.113.40',
    session_id: null,
    source: {
      item_type: 'file',
      item_id: '556677',
      item_name: 'Q3 pricing.xlsx',
      parent: { type: 'folder', id: '8899', name: 'Sales' },
    },
    additional_details: { size: 48213, version_id: '1' },
    ...overrides,
  };
}

describe('Box events parser', () => {
  it('turns a download into a file_download with the item, its folder and size', () => {
    expect(parseOne(boxParser, boxEvent())).toMatchObject({
      source: 'box',
      sourceEventId: 'f82c3ba0-3e41',
      time: Date.parse('2024-05-02T17:15:00Z'),
      category: 'file',
      classUid: 6006,
      activity: 'file_download',
      action: 'DOWNLOAD',
      outcome: 'success',
      actorEmail: 'jane.doe@acme.com',
      actorId: '10293',
      app: 'Box',
      ip: '203.0.113.40',
      file: { id: '556677', name: 'Q3 pricing.xlsx', path: 'Sales/Q3 pricing.xlsx', size: 48213 },
    });
  });

  it('maps previews, uploads, edits, moves, copies and deletions', () => {
    const types = ['PREVIEW', 'UPLOAD', 'EDIT', 'MOVE', 'COPY', 'DELETE', 'ITEM_TRASH'];
    const { events } = parseRecords(
      boxParser,
      types.map((event_type, i) => boxEvent({ event_type, event_id: `e${i}` })),
    );
    expect(events.map((e) => e.activity)).toEqual([
      'file_view',
      'file_upload',
      'file_modify',
      'file_move',
      'file_copy',
      'file_delete',
      'file_delete',
    ]);
  });

  it('tells a colleague, an outside collaborator, a personal address and an open link apart', () => {
    const { events } = parseRecords(boxParser, [
      boxEvent({
        event_id: 'c1',
        event_type: 'COLLABORATION_INVITE',
        accessible_by: { type: 'user', id: '1', login: 'sam.lee@acme.com' },
      }),
      boxEvent({
        event_id: 'c2',
        event_type: 'COLLABORATION_INVITE',
        accessible_by: { type: 'user', id: '2', name: 'Ola', login: 'ola@partner.example' },
      }),
      boxEvent({
        event_id: 'c3',
        event_type: 'COLLAB_ADD_COLLABORATOR',
        accessible_by: { type: 'user', id: '3', login: 'jane.private@gmail.com' },
      }),
      // Panther stores additional_details as JSON in a string.
      boxEvent({
        event_id: 'c4',
        event_type: 'ITEM_SHARED_UPDATE',
        additional_details: '{"shared_link_access":"open"}',
      }),
      boxEvent({
        event_id: 'c5',
        event_type: 'SHARE',
        additional_details: { access: 'company' },
      }),
    ]);
    expect(events.map((e) => [e.activity, e.file?.destination ?? null, e.target ?? null])).toEqual([
      ['file_share', null, 'sam.lee@acme.com'],
      ['file_share_external', 'external_share', 'ola@partner.example'],
      ['file_share_external', 'personal_email', 'jane.private@gmail.com'],
      ['file_share_external', 'public_link', null],
      ['file_share', null, null],
    ]);
  });

  it('keeps collaborator removals as unshares, sign-ins with their outcome, and other types', () => {
    const { events } = parseRecords(boxParser, [
      boxEvent({
        event_id: 'r1',
        event_type: 'COLLABORATION_REMOVE',
        accessible_by: { type: 'user', id: '2', login: 'ola@partner.example' },
      }),
      boxEvent({ event_id: 'l1', event_type: 'LOGIN', source: null }),
      boxEvent({ event_id: 'l2', event_type: 'FAILED_LOGIN', source: null }),
      boxEvent({
        event_id: 's1',
        event_type: 'SHIELD_ALERT',
        additional_details: '{"shield_alert":{"risk_score":77}}',
      }),
    ]);
    expect(events.map((e) => [e.activity, e.classUid, e.activityId, e.outcome])).toEqual([
      ['other', 6006, 13, 'success'],
      ['login', 3002, 1, 'success'],
      ['login_failed', 3002, 1, 'failure'],
      ['other', 6003, 99, 'success'],
    ]);
    expect(events[0]!.target).toBe('ola@partner.example');
    expect(events[3]!.attributes.details).toEqual({ shield_alert: { risk_score: 77 } });
  });

  it('reads a whole Events API page and keys id-less events by their content', () => {
    const page = {
      chunk_size: 2,
      next_stream_position: '1152922976252290886',
      entries: [
        boxEvent({ event_id: undefined }),
        boxEvent({ event_id: undefined, event_type: 'PREVIEW' }),
      ],
    };
    const first = parseRecords(boxParser, [page]).events;
    const again = parseRecords(boxParser, [page]).events;
    expect(first.map((e) => e.activity)).toEqual(['file_download', 'file_view']);
    expect(new Set(first.map((e) => e.sourceEventId)).size).toBe(2);
    expect(again.map((e) => e.sourceEventId)).toEqual(first.map((e) => e.sourceEventId));
    expect(
      parseRecords(boxParser, [{ chunk_size: 0, next_stream_position: 0, entries: [] }]).skipped,
    ).toHaveLength(1);
  });

  it('rejects events without a time or an actor, and records of other formats', () => {
    const { errors } = parseRecords(boxParser, [
      boxEvent({ created_at: undefined, recorded_at: undefined }),
      boxEvent({ created_by: { type: 'user' } }),
    ]);
    expect(errors.map((e) => e.message)).toEqual([
      'record 1: no time: Box events need `created_at`',
      'record 2: no actor: Box events need `created_by.login` or `created_by.id`',
    ]);
    expect(rejectionOf(boxParser, { eventType: 'user.session.start', published: 'x' })).toBe(
      'record 1: not a Box event: it has no `event_type` text',
    );
    expect(boxParser.detect({ event_type: { '.tag': 'file_download' }, timestamp: 'x' })).toBe(
      false,
    );
    expect(boxParser.detect(boxEvent())).toBe(true);
  });
});
