import { describe, expect, it } from 'vitest';

import { m365Parser } from '../../../src/server/ingest/parsers/m365';
import { parseOne, parseRecords } from './support/parse-records';

describe('Microsoft 365 as Sentinel tables', () => {
  it('reads an OfficeActivity SharePoint row: renamed columns, RecordType as text', () => {
    const row = {
      TenantId: 't-1',
      Type: 'OfficeActivity',
      TimeGenerated: '2024-05-02T16:45:09.123Z',
      RecordType: '6',
      Operation: 'FileDownloaded',
      OfficeWorkload: 'OneDrive',
      OfficeId: 'off-1',
      OfficeObjectId: 'https://acme-my.sharepoint.com/personal/jane/Documents/plan.docx',
      UserId: 'jane.doe@acme.com',
      Client_IPAddress: '203.0.113.5',
      Site_Url: 'https://acme-my.sharepoint.com/personal/jane/',
      SourceRelativeUrl: 'Documents',
      SourceFileName: 'plan.docx',
      ResultStatus: '',
    };
    expect(parseOne(m365Parser, row)).toMatchObject({
      sourceEventId: expect.stringMatching(/^off-1:[0-9a-f]{32}$/),
      time: Date.parse('2024-05-02T16:45:09.123Z'),
      activity: 'file_download',
      actorEmail: 'jane.doe@acme.com',
      ip: '203.0.113.5',
      app: 'OneDrive',
      file: {
        name: 'plan.docx',
        path: 'https://acme-my.sharepoint.com/personal/jane/Documents/plan.docx',
      },
      attributes: { recordType: 6, workload: 'OneDrive' },
    });
  });

  it('parses nested fields the table stores as JSON text (an inbox rule forwarding outside)', () => {
    const row = {
      Type: 'OfficeActivity',
      TimeGenerated: '2024-05-02T10:00:00Z',
      RecordType: '1',
      Operation: 'New-InboxRule',
      OfficeWorkload: 'Exchange',
      OfficeId: 'off-2',
      UserId: 'jane.doe@acme.com',
      ClientIP: '203.0.113.5:51234',
      Parameters: JSON.stringify([
        { Name: 'Name', Value: 'fwd' },
        { Name: 'ForwardTo', Value: 'jane.home@gmail.com' },
      ]),
    };
    expect(parseOne(m365Parser, row)).toMatchObject({
      activity: 'email_forward_rule',
      target: 'jane.home@gmail.com',
      ip: '203.0.113.5',
    });
  });
});

/** An Entra ID audit row as Sentinel's AuditLogs table holds it: nested fields as JSON text. */
function auditRow(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    TenantId: 't-1',
    SourceSystem: 'Azure AD',
    TimeGenerated: '2024-05-02T11:00:00.5Z',
    ActivityDateTime: '2024-05-02T11:00:00.5Z',
    OperationName: 'Add member to role',
    ActivityDisplayName: 'Add member to role',
    Category: 'RoleManagement',
    Result: 'success',
    Id: 'Directory_abc_1',
    CorrelationId: 'corr-1',
    LoggedByService: 'Core Directory',
    InitiatedBy: JSON.stringify({
      user: { id: 'u-1', userPrincipalName: 'it.admin@acme.com', ipAddress: '198.51.100.2' },
    }),
    TargetResources: JSON.stringify([
      {
        id: 'u-2',
        type: 'User',
        userPrincipalName: 'jane.doe@acme.com',
        modifiedProperties: [
          { displayName: 'Role.DisplayName', newValue: '"Global Administrator"' },
        ],
      },
    ]),
    AdditionalDetails: '[]',
    Type: 'AuditLogs',
    ...overrides,
  };
}

describe('Entra ID directory audit records', () => {
  it('reads a Sentinel AuditLogs row: actor, target and verb from the JSON text columns', () => {
    expect(parseOne(m365Parser, auditRow())).toMatchObject({
      source: 'm365',
      sourceEventId: expect.stringMatching(/^Directory_abc_1:[0-9a-f]{32}$/),
      time: Date.parse('2024-05-02T11:00:00.5Z'),
      activity: 'admin_granted',
      category: 'account',
      action: 'Add member to role',
      outcome: 'success',
      actorEmail: 'it.admin@acme.com',
      ip: '198.51.100.2',
      app: 'Microsoft Entra ID',
      target: 'jane.doe@acme.com',
      attributes: { category: 'RoleManagement', targetType: 'User' },
    });
  });

  it('maps password resets, MFA removal and accounts; keeps app-initiated and unknown ones', () => {
    const { events, errors } = parseRecords(m365Parser, [
      auditRow({ Id: '2', ActivityDisplayName: 'Reset password (by admin)' }),
      auditRow({ Id: '3', ActivityDisplayName: 'Admin deleted security info' }),
      auditRow({ Id: '4', ActivityDisplayName: 'Add user', Result: 'failure' }),
      auditRow({
        Id: '5',
        ActivityDisplayName: 'Consent to application',
        InitiatedBy: JSON.stringify({
          app: { displayName: 'Graph Explorer', servicePrincipalId: 'sp-1' },
        }),
      }),
    ]);
    expect(errors).toEqual([]);
    expect(events.map((e) => [e.activity, e.outcome, e.actorEmail, e.actorId])).toEqual([
      ['password_reset', 'success', 'it.admin@acme.com', 'u-1'],
      ['mfa_disable', 'success', 'it.admin@acme.com', 'u-1'],
      ['account_created', 'failure', 'it.admin@acme.com', 'u-1'],
      ['other', 'success', null, 'Graph Explorer'],
    ]);
  });

  it('reads the Graph directoryAudit and the diagnostic export shapes', () => {
    const graph = {
      id: 'Directory_g_1',
      category: 'UserManagement',
      activityDateTime: '2024-05-02T12:00:00Z',
      activityDisplayName: 'Update user',
      result: 'success',
      initiatedBy: { user: { userPrincipalName: 'it.admin@acme.com' } },
      targetResources: [{ userPrincipalName: 'jane.doe@acme.com', type: 'User' }],
    };
    const diagnostic = { time: '2024-05-02T12:00:00Z', category: 'AuditLogs', properties: graph };
    const { events } = parseRecords(m365Parser, [graph, diagnostic]);
    // Both shapes carry the same record: the same key, so the second is a duplicate.
    const key = expect.stringMatching(/^Directory_g_1:[0-9a-f]{32}$/);
    expect(events.map((e) => [e.sourceEventId, e.activity, e.target])).toEqual([
      [key, 'account_changed', 'jane.doe@acme.com'],
      [key, 'account_changed', 'jane.doe@acme.com'],
    ]);
    expect(events[0]!.sourceEventId).toBe(events[1]!.sourceEventId);
  });

  it('rejects an audit row without an initiator', () => {
    const { errors } = parseRecords(m365Parser, [auditRow({ InitiatedBy: '{}' })]);
    expect(errors.map((e) => e.message)).toEqual([
      'record 1: no actor: Entra ID audit records need `InitiatedBy.user` or `InitiatedBy.app`',
    ]);
  });
});
