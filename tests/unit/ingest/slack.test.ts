import { describe, expect, it } from 'vitest';

import { slackParser } from '../../../src/server/ingest/parsers/slack';
import { parseOne, parseRecords, rejectionOf } from './support/parse-records';

/** An entry of the Slack Audit Logs API (`date_create` in epoch seconds). */
function entry(action: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: `0123a45b-6c7d-8e9f-a012-${action.padEnd(12, '0').slice(0, 12)}`,
    date_create: 1714660261,
    action,
    actor: {
      type: 'user',
      user: { id: 'W0123ABCD', name: 'jane.doe', email: 'jane.doe@acme.com', team: 'T0123ACME' },
    },
    entity: {
      type: 'file',
      file: { id: 'F0123ABCDE', name: 'q3-forecast.xlsx', filetype: 'xlsx', title: 'Q3 forecast' },
    },
    context: {
      location: { type: 'workspace', id: 'T0123ACME', name: 'Acme', domain: 'acme' },
      ua: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Slack/4.37',
      ip_address: '198.51.100.31',
      session_id: 2812345678,
    },
    ...overrides,
  };
}

describe('Slack audit log parser', () => {
  it('reads epoch seconds and the actor, file and workspace of an entry', () => {
    expect(parseOne(slackParser, entry('file_downloaded'))).toMatchObject({
      source: 'slack',
      time: 1714660261000,
      activity: 'chat_file_download',
      category: 'chat',
      actorEmail: 'jane.doe@acme.com',
      actorId: 'W0123ABCD',
      ip: '198.51.100.31',
      file: { id: 'F0123ABCDE', name: 'q3-forecast.xlsx' },
      attributes: { workspace: 'Acme' },
    });
  });

  it('marks a file shared into a shared channel as external, and a DM as a direct message', () => {
    const channel = (props: Record<string, unknown>) => ({
      details: { channel: { id: 'C0456EXT', name: 'acme-globex', ...props } },
    });
    const { events } = parseRecords(slackParser, [
      entry('file_shared', channel({ is_shared: true })),
      entry('file_shared', channel({ privacy: 'private' })),
      entry('file_shared', { details: { channel: { id: 'D0789ABCD', privacy: 'im' } } }),
      entry('file_shared', { details: { is_external: true, channel: 'C0111' } }),
    ]);
    expect(
      events.map((event) => [event.activity, event.chat?.external, event.chat?.directMessage]),
    ).toEqual([
      ['chat_file_share', true, false],
      ['chat_file_share', false, false],
      ['chat_file_share', false, true],
      ['chat_file_share', true, false],
    ]);
    expect(events[0]!.file!.destination).toBe('external_share');
  });

  it('maps logins, public links, blocked downloads and deletions', () => {
    const { events } = parseRecords(slackParser, [
      entry('user_login', { entity: { type: 'user', user: { id: 'W0123ABCD' } } }),
      entry('file_public_link_created'),
      entry('file_downloaded_blocked'),
      entry('message_deleted', {
        entity: { type: 'channel', channel: { id: 'C0222', name: 'deals' } },
      }),
      entry('private_channel_deleted', {
        entity: { type: 'channel', channel: { id: 'C0333', name: 'exit-plan' } },
      }),
      entry('app_installed', { entity: { type: 'app', app: { id: 'A0444', name: 'Drive' } } }),
    ]);
    expect(events.map((event) => [event.activity, event.outcome])).toEqual([
      ['login', 'success'],
      ['file_share_external', 'success'],
      ['chat_file_download', 'failure'],
      ['chat_delete', 'success'],
      ['chat_delete', 'success'],
      ['other', 'success'],
    ]);
    expect(events[1]!.file!.destination).toBe('public_link');
    expect(events[4]!.chat!.channel).toBe('exit-plan');
  });

  it("reads Vigil's message_posted extension with the message text", () => {
    const message = {
      id: 'msg-C0222-1714660261.000200',
      date_create: 1714660261,
      action: 'message_posted',
      actor: 'jane.doe@acme.com',
      entity: {
        type: 'channel',
        channel: { id: 'C0222', name: 'deals', privacy: 'public', is_shared: false },
      },
      details: { text: 'Globex offered me a role, talking to them Friday' },
    };
    expect(parseOne(slackParser, message)).toMatchObject({
      activity: 'chat_message',
      actorEmail: 'jane.doe@acme.com',
      chat: {
        channel: 'deals',
        external: false,
        directMessage: false,
        text: 'Globex offered me a role, talking to them Friday',
      },
    });
  });

  it('reads a whole API page and Panther datetime strings', () => {
    const page = {
      entries: [entry('user_login'), entry('user_logout', { date_create: '2024-05-02 14:31:01' })],
      response_metadata: { next_cursor: '' },
    };
    const { events, errors } = parseRecords(slackParser, [page]);
    expect(errors).toEqual([]);
    expect(events.map((event) => [event.activity, event.time])).toEqual([
      ['login', 1714660261000],
      ['logout', 1714660261000],
    ]);
  });

  it('rejects entries without a time or an actor', () => {
    const { errors } = parseRecords(slackParser, [
      entry('user_login', { date_create: undefined }),
      entry('user_login', { actor: { type: 'user', user: {} } }),
    ]);
    expect(errors.map((error) => error.message)).toEqual([
      'record 1: no time: Slack audit entries need `date_create`',
      'record 2: no actor: Slack audit entries need `actor.user.email` or `actor.user.id`',
    ]);
    expect(rejectionOf(slackParser, { action: 'git.clone', actor: 'octocat' })).toBe(
      'record 1: not a Slack audit log entry: its `actor` is not an object with `user`',
    );
  });
});
