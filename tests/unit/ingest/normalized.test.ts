import { describe, expect, it } from 'vitest';

import { readCsv } from '../../../src/server/ingest/framing/csv';
import { normalizedParser } from '../../../src/server/ingest/parsers/normalized';
import { chunksOf } from './support/byte-streams';
import { parseOne, parseRecords, rejectionOf } from './support/parse-records';

const csv = [
  'source_event_id,time,activity,action,actor_email,file_name,file_label,file_destination,email_recipients,email_subject,email_attachments,attributes',
  'gen-1,2024-05-02T10:00:00Z,email_send,send,jane.doe@acme.com,deck.pdf,Confidential,personal_email,"jane@gmail.com; bob@acme.com",deck,1,"{""generator"":""departing-employee""}"',
  'gen-2,1714644000000,usb_write,copy,jane.doe@acme.com,deck.pdf,,usb,,,,',
].join('\n');

async function csvRows(text: string): Promise<unknown[]> {
  const rows: unknown[] = [];
  for await (const item of readCsv(chunksOf(text))) if (item.ok) rows.push(item.value);
  return rows;
}

describe('normalized event parser', () => {
  it('reads flat CSV columns into the nested schema', async () => {
    const { events, errors } = parseRecords(normalizedParser, await csvRows(csv));
    expect(errors).toEqual([]);
    expect(events[0]).toMatchObject({
      source: 'normalized',
      sourceEventId: 'gen-1',
      time: Date.parse('2024-05-02T10:00:00Z'),
      activity: 'email_send',
      category: 'email',
      classUid: 4009,
      activityId: 1,
      outcome: 'unknown',
      file: { name: 'deck.pdf', label: 'Confidential', destination: 'personal_email' },
      email: {
        recipients: ['jane@gmail.com', 'bob@acme.com'],
        domains: ['gmail.com', 'acme.com'],
        attachments: 1,
        subject: 'deck',
      },
      attributes: { generator: 'departing-employee' },
    });
    expect(events[1]).toMatchObject({
      time: 1714644000000,
      activity: 'usb_write',
      category: 'file',
      email: null,
    });
  });

  it('reads JSON events, keeping a named source and the original raw record', () => {
    const exported = {
      source: 'github',
      sourceEventId: 'mKwzQPYd0dTdqN8q3hW5Fg',
      time: 1714660261337,
      activity: 'repo_clone',
      action: 'git.clone',
      outcome: 'success',
      actorEmail: 'jane.doe@acme.com',
      repository: 'acme/pricing-engine',
      attributes: { transportProtocol: 'ssh' },
      raw: { action: 'git.clone', actor: 'jdoe-acme' },
    };
    expect(parseOne(normalizedParser, exported)).toMatchObject({
      source: 'github',
      category: 'repo',
      classUid: 9005,
      repository: 'acme/pricing-engine',
      raw: { action: 'git.clone', actor: 'jdoe-acme' },
    });
  });

  it('rejects wrong types and unknown values by field name', () => {
    const base = {
      time: '2024-05-02T10:00:00Z',
      activity: 'file_download',
      actorEmail: 'jane.doe@acme.com',
    };
    const { errors } = parseRecords(normalizedParser, [
      { ...base, activity: 'exfiltrate' },
      { ...base, file: { name: 'a.pdf', size: 'big' } },
      { ...base, email: { recipients: 'x@y.com', subject: 7, attachments: [] } },
      { ...base, actorEmail: null },
      { ...base, time: undefined },
      { ...base, outcome: 'ok' },
    ]);
    expect(errors.map((error) => error.message)).toEqual([
      expect.stringMatching(/^record 1: `activity` "exfiltrate" is not one of Vigil's values/),
      'record 2: wrong type: `file.size` is a string, expected a whole number',
      'record 3: wrong type: `email.attachments` is an array, expected a whole number',
      'record 4: no actor: normalized events need `actorEmail` or `actorId`',
      'record 5: no time: normalized events need `time` (epoch ms or ISO-8601)',
      expect.stringMatching(/^record 6: `outcome` "ok" is not one of Vigil's values/),
    ]);
    expect(rejectionOf(normalizedParser, { eventType: 'user.session.start' })).toBe(
      'record 1: not a normalized event: it has no `activity`',
    );
  });
});
