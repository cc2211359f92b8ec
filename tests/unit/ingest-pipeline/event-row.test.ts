import { describe, expect, it } from 'vitest';

import type { NormalizedEvent } from '../../../src/shared/events';
import { EVENT_COLUMNS, eventValues, toEventRow } from '../../../src/server/ingest/store/event-row';
import { memoryDatabase } from './support';

/** An event with every field set, each to a value no other field has. */
const fullEvent: NormalizedEvent = {
  source: 'm365',
  sourceEventId: 'evt-1',
  time: 1_790_000_000_000,
  classUid: 1001,
  activityId: 7,
  category: 'file',
  activity: 'usb_write',
  action: 'FileCopiedToUsb',
  outcome: 'success',
  actorEmail: 'J.Doe@Northwind.example',
  actorId: 'S-1-5-21',
  app: 'Explorer',
  ip: '10.0.0.7',
  location: 'Oslo',
  file: {
    id: 'file-9',
    name: 'plan.xlsx',
    path: 'E:\\plan.xlsx',
    size: 4096,
    label: 'Confidential',
    destination: 'usb',
  },
  email: {
    recipients: ['a@rival.example'],
    external: true,
    domains: ['rival.example'],
    subject: 'Q3',
    attachments: 2,
    size: 9000,
  },
  chat: { channel: 'C42', external: false, directMessage: true, text: 'hello' },
  repository: 'northwind/api',
  device: { id: 'dev-3', name: 'LAPTOP-3', managed: true, os: 'Windows 11', removableMedia: true },
  process: { name: 'robocopy.exe', commandLine: 'robocopy C:\\ E:\\', parentName: 'cmd.exe' },
  target: 'SharePoint',
  attributes: { approver: 'boss' },
  raw: { id: 1 },
};

describe('the events row of a normalized event', () => {
  it('puts every field in its own column', () => {
    expect(toEventRow(fullEvent, 'E7', 123, 'int-1', '{"id": 1}')).toEqual({
      source: 'm365',
      source_event_id: 'evt-1',
      integration_id: 'int-1',
      time: 1_790_000_000_000,
      employee_id: 'E7',
      class_uid: 1001,
      activity_id: 7,
      category: 'file',
      activity: 'usb_write',
      action: 'FileCopiedToUsb',
      outcome: 'success',
      actor_email: 'j.doe@northwind.example',
      actor_id: 'S-1-5-21',
      app: 'Explorer',
      ip: '10.0.0.7',
      location: 'Oslo',
      file_id: 'file-9',
      file_name: 'plan.xlsx',
      file_path: 'E:\\plan.xlsx',
      file_size: 4096,
      file_label: 'Confidential',
      file_destination: 'usb',
      email_recipients: '["a@rival.example"]',
      email_external: 1,
      email_domains: '["rival.example"]',
      email_subject: 'Q3',
      email_attachments: 2,
      email_size: 9000,
      chat_channel: 'C42',
      chat_external: 0,
      chat_direct: 1,
      chat_text: 'hello',
      repository: 'northwind/api',
      device_id: 'dev-3',
      device_name: 'LAPTOP-3',
      device_managed: 1,
      device_os: 'Windows 11',
      removable_media: 1,
      process_name: 'robocopy.exe',
      command_line: 'robocopy C:\\ E:\\',
      parent_process: 'cmd.exe',
      target: 'SharePoint',
      attributes: '{"approver":"boss"}',
      raw: '{"id": 1}',
      ingested_at: 123,
    });
  });

  it('stores absent parts as null and serializes raw when its text is not given', () => {
    const bare = {
      ...fullEvent,
      actorEmail: null,
      file: null,
      email: null,
      chat: null,
      device: null,
      process: null,
    };
    const values = eventValues(bare, null, 0);
    expect(values).toHaveLength(EVENT_COLUMNS.length);
    expect(values.every((value) => value !== undefined)).toBe(true);
    expect(values[EVENT_COLUMNS.indexOf('raw')]).toBe('{"id":1}');
    expect(values[EVENT_COLUMNS.indexOf('email_external')]).toBeNull();
  });

  it('lists every column of the events table but its id', async () => {
    const handle = await memoryDatabase();
    try {
      const columns = handle
        .sqlite!.prepare(`select name from pragma_table_info('events') where name <> 'id'`)
        .pluck()
        .all();
      expect([...EVENT_COLUMNS].sort()).toEqual([...(columns as string[])].sort());
    } finally {
      await handle.close();
    }
  });
});
