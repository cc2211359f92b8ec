import type { EventSource } from '../../../../src/shared/events';

/**
 * One valid record per source, touching as many fields as the parser reads. The robustness
 * property test damages them field by field, which reaches code random objects never would.
 */
export const seedRecords: Record<EventSource, unknown[]> = {
  okta: [
    {
      uuid: 'u-1',
      published: '2024-05-02T08:15:30.123Z',
      eventType: 'user.authentication.sso',
      actor: { id: '00u1', type: 'User', alternateId: 'jane.doe@acme.com' },
      client: {
        ipAddress: '203.0.113.7',
        geographicalContext: { city: 'Lyon', country: 'France' },
        userAgent: { rawUserAgent: 'x' },
      },
      outcome: { result: 'SUCCESS', reason: null },
      target: [
        { id: '0oa1', type: 'AppInstance', alternateId: 'Salesforce', displayName: 'Salesforce' },
      ],
      request: { ipChain: [{ ip: '203.0.113.7', geographicalContext: { city: 'Lyon' } }] },
      authenticationContext: { externalSessionId: 's' },
    },
  ],
  google_workspace: [
    {
      kind: 'admin#reports#activity',
      id: { time: '2024-05-02T09:30:00.000Z', uniqueQualifier: '-45', applicationName: 'drive' },
      actor: { email: 'jane.doe@acme.com', profileId: '1145' },
      ipAddress: '198.51.100.23',
      events: [
        {
          type: 'acl_change',
          name: 'change_user_access',
          parameters: [
            { name: 'doc_id', value: 'd1' },
            { name: 'doc_title', value: 'Deck' },
            { name: 'target_user', value: 'x@gmail.com' },
            { name: 'new_value', multiValue: ['can_view'] },
            { name: 'visibility', value: 'people_with_link' },
            { name: 'size', intValue: '12' },
          ],
        },
      ],
    },
  ],
  m365: [
    {
      CreationTime: '2024-05-02T16:45:09',
      Id: 'e0d1',
      Operation: 'Send',
      RecordType: 2,
      ResultStatus: 'Succeeded',
      Workload: 'Exchange',
      UserId: 'jane.doe@acme.com',
      ClientIP: '198.51.100.9:10736',
      Item: {
        Subject: 's',
        Recipients: ['a@gmail.com', { Address: 'b@acme.com' }],
        Attachments: 'a.pdf (12b)',
        SizeInBytes: 10,
      },
    },
    {
      CreationTime: '2024-05-02T14:03:11',
      Id: 'sp-1',
      Operation: 'SharingSet',
      Workload: 'SharePoint',
      UserId: 'jane.doe@acme.com',
      SiteUrl: 'https://acme.sharepoint.com/sites/deals/',
      SourceRelativeUrl: 'Shared Documents',
      SourceFileName: 'deck.pptx',
      TargetUserOrGroupName: 'rival@globex.com',
      TargetUserOrGroupType: 'Guest',
      SensitivityLabelName: 'Confidential',
    },
    {
      CreationTime: '2024-05-02T16:45:09',
      Id: 'rule-1',
      Operation: 'New-InboxRule',
      Workload: 'Exchange',
      UserId: 'jane.doe@acme.com',
      Parameters: [{ Name: 'ForwardTo', Value: 'smtp:a@gmail.com' }],
      Folders: '[{"FolderItems":[{}]}]',
      AffectedItems: [{ Subject: 'x' }],
    },
  ],
  github: [
    {
      '@timestamp': 1714660261337,
      _document_id: 'doc',
      action: 'org.update_member',
      actor: 'jdoe',
      actor_location: { country_code: 'FR' },
      repo: 'acme/x',
      user: 'bob',
      permission: 'admin',
      transport_protocol_name: 'ssh',
    },
  ],
  slack: [
    {
      id: 'e1',
      date_create: 1714660261,
      action: 'file_shared',
      actor: { type: 'user', user: { id: 'W1', email: 'jane.doe@acme.com' } },
      entity: {
        type: 'file',
        file: { id: 'F1', name: 'deck.pdf' },
        channel: { id: 'D0123456', privacy: 'im', is_shared: true },
      },
      context: { ip_address: '198.51.100.31', location: { name: 'Acme' }, session_id: 5 },
      details: { is_external: true, channel: { id: 'C1', name: 'x' }, text: 'hello', files: [1] },
    },
  ],
  windows: [
    {
      SourceName: 'Microsoft-Windows-Sysmon',
      Channel: 'Microsoft-Windows-Sysmon/Operational',
      Hostname: 'LAPTOP-1',
      EventID: 11,
      UtcTime: '2024-05-02 02:12:44.093',
      User: 'ACME\\jdoe',
      Image: 'C:\\Windows\\explorer.exe',
      TargetFilename: 'D:\\x.docx',
      CommandLine: 'powershell -enc SQBFAFgA',
      Hashes: 'SHA1=AB,MD5=CD',
    },
    {
      System: {
        Provider: { Name: 'Microsoft-Windows-PowerShell' },
        EventID: 4104,
        TimeCreated: { SystemTime: '2024-05-02T02:20:00.000Z' },
        EventRecordID: 1,
        Channel: 'Microsoft-Windows-PowerShell/Operational',
        Computer: 'LAPTOP-1',
        Security: { UserID: 'S-1-5-21-1' },
      },
      EventData: {
        Data: [
          { Name: 'MessageNumber', '#text': '1' },
          { Name: 'MessageTotal', '#text': '2' },
          { Name: 'ScriptBlockText', '#text': 'x -e SQBFAFgA' },
          { Name: 'ScriptBlockId', '#text': 'b1' },
        ],
      },
      UserData: { LogFileCleared: { SubjectUserName: 'jdoe', Channel: 'System' } },
    },
  ],
  device_inventory: [
    {
      id: 'dev-1',
      deviceName: 'LAPTOP-1',
      userPrincipalName: 'jane.doe@acme.com',
      lastSyncDateTime: '2024-05-02T06:40:12Z',
      enrolledDateTime: '2023-11-14T09:12:45Z',
      operatingSystem: 'Windows',
      osVersion: '10',
      managementAgent: 'mdm',
      complianceState: 'compliant',
      isEncrypted: true,
    },
  ],
  access_requests: [
    {
      number: 'RITM1',
      opened_at: '2024-04-29 08:15:00',
      requested_for: 'jane.doe@acme.com',
      item: { display_value: 'Salesforce' },
      state: 'approved',
      approved_at: '2024-04-29 10:02:00',
      role: 'admin',
    },
  ],
  hr: [
    {
      employee_id: 'E1',
      full_name: 'Jane Doe',
      email: 'jane.doe@acme.com',
      timezone: 'Europe/Paris',
      work_start_hour: '9',
      work_end_hour: '18',
      start_date: '2019-03-04',
      resignation_date: '2024-05-06',
      event_type: 'resignation',
      effective_date: '2024-05-06',
    },
  ],
  normalized: [
    {
      source: 'okta',
      sourceEventId: 'n1',
      time: 1714660261337,
      activity: 'email_send',
      category: 'email',
      classUid: 4009,
      activityId: 1,
      actorEmail: 'jane.doe@acme.com',
      file: { name: 'a.pdf', size: 3, destination: 'usb' },
      email: { recipients: ['a@gmail.com'], external: true, subject: 's', attachments: 1, size: 3 },
      chat: { channel: 'c', text: 't', directMessage: true },
      device: { name: 'd', managed: true, removableMedia: false },
      process: { name: 'p', commandLine: 'c' },
      attributes: { a: 1 },
    },
  ],
};
