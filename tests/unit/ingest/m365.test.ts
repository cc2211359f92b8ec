import { describe, expect, it } from 'vitest';

import { m365Parser } from '../../../src/server/ingest/parsers/m365';
import { parseOne, parseRecords, rejectionOf } from './support/parse-records';

/** A SharePoint/OneDrive record in the Management Activity API's common schema. */
function sharePoint(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    CreationTime: '2024-05-02T14:03:11',
    Id: '5b3e1d0c-7a2f-4c1e-9b8d-2f6a4e0c1b3d',
    Operation: 'FileDownloaded',
    OrganizationId: 'b7a1c2d3-0000-4e5f-8a9b-c0d1e2f3a4b5',
    RecordType: 6,
    UserKey: 'i:0h.f|membership|10032000a1b2c3d4@live.com',
    UserType: 0,
    Version: 1,
    Workload: 'OneDrive',
    ClientIP: '198.51.100.77',
    ObjectId:
      'https://acme-my.sharepoint.com/personal/jane_doe_acme_com/Documents/Board/Q3 forecast.xlsx',
    UserId: 'jane.doe@acme.com',
    EventSource: 'SharePoint',
    ItemType: 'File',
    ListItemUniqueId: '0f8e3b2a-1c4d-4e5f-9a8b-7c6d5e4f3a2b',
    Site: 'c1d2e3f4-0000-4a5b-8c9d-e0f1a2b3c4d5',
    UserAgent: 'Microsoft SkyDriveSync 24.070.0407.0003 ship; Windows NT 10.0 (19045)',
    SiteUrl: 'https://acme-my.sharepoint.com/personal/jane_doe_acme_com/',
    SourceFileExtension: 'xlsx',
    SourceFileName: 'Q3 forecast.xlsx',
    SourceRelativeUrl: 'Documents/Board',
    ...overrides,
  };
}

/** An Exchange mailbox record. */
function exchange(
  operation: string,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    CreationTime: '2024-05-02T16:45:09',
    Id: `e0d1c2b3-${operation.length.toString().padStart(4, '0')}-4a5b-8c9d-0e1f2a3b4c5d`,
    Operation: operation,
    OrganizationId: 'b7a1c2d3-0000-4e5f-8a9b-c0d1e2f3a4b5',
    RecordType: 2,
    ResultStatus: 'Succeeded',
    UserKey: '10032000A1B2C3D4',
    UserType: 0,
    Workload: 'Exchange',
    ClientIP: '[2001:db8::5]:51234',
    UserId: 'jane.doe@acme.com',
    MailboxOwnerUPN: 'jane.doe@acme.com',
    ...overrides,
  };
}

describe('Microsoft 365 audit parser', () => {
  it('normalizes a OneDrive download with path, UTC time and OCSF File Hosting', () => {
    expect(parseOne(m365Parser, sharePoint())).toMatchObject({
      source: 'm365',
      sourceEventId: expect.stringMatching(/^5b3e1d0c-7a2f-4c1e-9b8d-2f6a4e0c1b3d:[0-9a-f]{32}$/),
      time: Date.parse('2024-05-02T14:03:11Z'),
      activity: 'file_download',
      classUid: 6006,
      activityId: 2,
      outcome: 'success',
      actorEmail: 'jane.doe@acme.com',
      app: 'OneDrive',
      ip: '198.51.100.77',
      file: {
        id: '0f8e3b2a-1c4d-4e5f-9a8b-7c6d5e4f3a2b',
        name: 'Q3 forecast.xlsx',
        path: 'https://acme-my.sharepoint.com/personal/jane_doe_acme_com/Documents/Board/Q3 forecast.xlsx',
      },
      attributes: { recordType: 6 },
    });
  });

  it('maps every SharePoint/OneDrive file operation', () => {
    const operations = {
      FileAccessed: 'file_view',
      FileUploaded: 'file_upload',
      FileModified: 'file_modify',
      FileDeleted: 'file_delete',
      FileRecycled: 'file_delete',
      FileCopied: 'file_copy',
      FileMoved: 'file_move',
      FileSyncDownloadedFull: 'file_sync',
      CompanyLinkCreated: 'file_share',
      AnonymousLinkCreated: 'file_share_external',
    };
    const { events } = parseRecords(
      m365Parser,
      Object.keys(operations).map((Operation, index) =>
        sharePoint({ Operation, Id: `id-${index}` }),
      ),
    );
    expect(events.map((event) => event.activity)).toEqual(Object.values(operations));
    expect(events.at(-1)!.file!.destination).toBe('public_link');
  });

  it('tells internal from external sharing and keeps the sensitivity label', () => {
    const { events } = parseRecords(m365Parser, [
      sharePoint({
        Operation: 'SharingSet',
        Id: 'a',
        UserSharedWith: 'bob@acme.com',
        SensitivityLabelName: 'Confidential',
      }),
      sharePoint({
        Operation: 'SharingInvitationCreated',
        Id: 'b',
        TargetUserOrGroupName: 'rival.cto@globex.com',
        TargetUserOrGroupType: 'Guest',
      }),
      sharePoint({ Operation: 'SharingSet', Id: 'c', UserSharedWith: 'jane.doe.home@outlook.com' }),
    ]);
    expect(
      events.map((event) => [
        event.activity,
        event.target,
        event.file?.destination,
        event.file?.label,
      ]),
    ).toEqual([
      ['file_share', 'bob@acme.com', null, 'Confidential'],
      ['file_share_external', 'rival.cto@globex.com', 'external_share', null],
      ['file_share_external', 'jane.doe.home@outlook.com', 'personal_email', null],
    ]);
  });

  it('reads a sent mail: recipients, external and personal destinations, attachments, size', () => {
    const event = parseOne(
      m365Parser,
      exchange('Send', {
        Item: {
          Id: 'AAMkAGI2TG93AAA=',
          Subject: 'fwd: pricing',
          Recipients: ['Jane Doe <jane.personal@gmail.com>', 'bob@acme.com'],
          Attachments: 'Q3 forecast.xlsx (48213b); roadmap.pdf (1200456b)',
          SizeInBytes: 1312044,
          InternetMessageId: '<DB7PR03MB4321@eurprd03.prod.outlook.com>',
        },
      }),
    );
    expect(event).toMatchObject({
      activity: 'email_send',
      classUid: 4009,
      activityId: 1,
      ip: '2001:db8::5',
      email: {
        recipients: ['jane.personal@gmail.com', 'bob@acme.com'],
        external: true,
        domains: ['gmail.com', 'acme.com'],
        subject: 'fwd: pricing',
        attachments: 2,
        size: 1312044,
      },
      file: { name: 'Q3 forecast.xlsx; roadmap.pdf', destination: 'personal_email' },
      attributes: { attachments: ['Q3 forecast.xlsx', 'roadmap.pdf'] },
    });
  });

  it('maps deletions, mailbox access and forwarding rules', () => {
    const { events } = parseRecords(m365Parser, [
      exchange('SoftDelete', {
        AffectedItems: [{ Subject: 'offer letter' }],
        Folder: { Path: '\\Inbox' },
      }),
      exchange('HardDelete'),
      exchange('MoveToDeletedItems'),
      exchange('MailItemsAccessed', {
        Folders: [
          { FolderItems: [{ InternetMessageId: '<a@b>' }, { InternetMessageId: '<c@d>' }] },
        ],
      }),
      exchange('New-InboxRule', {
        Parameters: [
          { Name: 'Name', Value: 'archive' },
          { Name: 'ForwardTo', Value: 'jane.personal@gmail.com' },
          { Name: 'DeleteMessage', Value: 'True' },
        ],
      }),
      exchange('Set-InboxRule', { Parameters: [{ Name: 'MarkAsRead', Value: 'True' }] }),
    ]);
    expect(events.map((event) => event.activity)).toEqual([
      'email_delete',
      'email_delete',
      'email_delete',
      'email_read',
      'email_forward_rule',
      'other',
    ]);
    expect(events[3]!.attributes.itemCount).toBe(2);
    expect(events[4]).toMatchObject({
      target: 'jane.personal@gmail.com',
      attributes: { ruleName: 'archive' },
    });
    expect(events[5]!.category).toBe('email');
  });

  it('maps Entra ID sign-ins, failed ones as failures', () => {
    const signIn = (Operation: string, Id: string) =>
      exchange(Operation, {
        Workload: 'AzureActiveDirectory',
        RecordType: 15,
        Id,
        ResultStatus: 'Success',
      });
    const { events } = parseRecords(m365Parser, [
      signIn('UserLoggedIn', 'x'),
      signIn('UserLoginFailed', 'y'),
    ]);
    expect(events.map((event) => [event.activity, event.outcome, event.app])).toEqual([
      ['login', 'success', 'Microsoft Entra ID'],
      ['login_failed', 'failure', 'Microsoft Entra ID'],
    ]);
  });

  it('accepts lower-cased keys, RecordType as a string and Panther times', () => {
    const lower = {
      creationtime: '2024-05-02 16:45:09',
      id: 'rule-1',
      operation: 'New-InboxRule',
      recordtype: '1',
      resultstatus: 'True',
      userid: 'jane.doe@acme.com',
      workload: 'Exchange',
      clientip: '198.51.100.9:10736',
      parameters: [{ Name: 'RedirectTo', Value: 'smtp:drop@protonmail.com' }],
    };
    expect(parseOne(m365Parser, lower)).toMatchObject({
      activity: 'email_forward_rule',
      time: Date.parse('2024-05-02T16:45:09Z'),
      ip: '198.51.100.9',
      target: 'drop@protonmail.com',
      attributes: { recordType: 1 },
    });
  });

  it('rejects records without a time or a user, and records of other formats', () => {
    const { errors } = parseRecords(m365Parser, [
      sharePoint({ CreationTime: undefined }),
      sharePoint({ UserId: '' }),
    ]);
    expect(errors.map((error) => error.message)).toEqual([
      'record 1: no time: Microsoft 365 audit records need `CreationTime`',
      'record 2: no actor: Microsoft 365 audit records need `UserId`',
    ]);
    expect(
      rejectionOf(m365Parser, { OperationName: 'Add user', TimeGenerated: '2024-05-02T10:00:00Z' }),
    ).toBe('record 1: not a Microsoft 365 audit record: it has no `Operation`');
  });
});

describe('Microsoft 365 records that share an Id', () => {
  it('keeps distinct records apart and the same record the same', () => {
    const base = {
      CreationTime: '2024-05-02T10:00:00',
      Id: 'shared-id',
      Operation: 'FileDownloaded',
      Workload: 'OneDrive',
      UserId: 'jane.doe@acme.com',
      ObjectId: 'https://acme-my.sharepoint.com/personal/jane/Documents/a.docx',
      SourceFileName: 'a.docx',
    };
    const other = {
      ...base,
      ObjectId: base.ObjectId.replace('a.docx', 'b.docx'),
      SourceFileName: 'b.docx',
    };
    const { events } = parseRecords(m365Parser, [base, other, { ...base }]);
    const keys = events.map((e) => e.sourceEventId);
    expect(new Set(keys).size).toBe(2);
    expect(keys[0]).toBe(keys[2]);
  });
});
