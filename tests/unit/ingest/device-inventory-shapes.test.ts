import { describe, expect, it } from 'vitest';

import { deviceInventoryParser } from '../../../src/server/ingest/parsers/device-inventory';
import { parseOne, parseRecords } from './support/parse-records';

/** Intune "Devices" properties as the diagnostic settings export writes them. */
const deviceProperties = {
  DeviceName: 'WS-0142',
  DeviceId: '3f1c2b4a-9d8e-4f7a-b6c5-d4e3f2a1b0c9',
  UPN: 'jane.doe@acme.com',
  UserEmail: 'jane.doe@acme.com',
  UserName: 'Jane Doe',
  OS: 'Windows',
  OSVersion: '10.0.22631.3447',
  LastContact: '2024-05-02 06:40:12.0000000',
  CompliantState: 'Compliant',
  ManagedBy: 'Intune',
  Ownership: 'Corporate',
  SerialNumber: '5CG2341ABC',
  Manufacturer: 'HP',
  Model: 'EliteBook 840 G9',
  EncryptionStatusString: 'True',
  JoinType: 'Azure AD joined',
};

describe('device inventory: Intune Devices rows', () => {
  it('reads the diagnostic export (properties) as a device_seen at the last contact', () => {
    const record = {
      time: '2024-05-02T07:00:00.0000000Z',
      tenantId: 't-1',
      category: 'Devices',
      operationName: 'Devices',
      properties: deviceProperties,
    };
    expect(parseOne(deviceInventoryParser, record)).toMatchObject({
      source: 'device_inventory',
      activity: 'device_seen',
      action: 'IntuneDevices',
      time: Date.parse('2024-05-02T06:40:12Z'),
      actorEmail: 'jane.doe@acme.com',
      device: {
        id: '3f1c2b4a-9d8e-4f7a-b6c5-d4e3f2a1b0c9',
        name: 'WS-0142',
        managed: true,
        os: 'Windows 10.0.22631.3447',
      },
      attributes: { complianceState: 'compliant', serialNumber: '5CG2341ABC', isEncrypted: true },
    });
  });

  it('reads Log Analytics rows (properties as JSON text, or flat) and the portal CSV columns', () => {
    const { events, errors } = parseRecords(deviceInventoryParser, [
      { TimeGenerated: '2024-05-02T07:00:00Z', properties: JSON.stringify(deviceProperties) },
      { ...deviceProperties, Type: 'IntuneDevices', CompliantState: 'Unknown' },
      {
        'Device name': 'MAC-0099',
        'Primary user UPN': 'sam.lee@acme.com',
        OS: 'macOS',
        'OS version': '14.4.1',
        'Last check-in': '2024-05-01T22:10:00Z',
        Compliance: 'Compliant',
        'Managed by': 'Intune',
        'Serial number': 'C02XYZ',
      },
    ]);
    expect(errors).toEqual([]);
    expect(events.map((e) => [e.device?.name, e.actorEmail, e.device?.managed])).toEqual([
      ['WS-0142', 'jane.doe@acme.com', true],
      ['WS-0142', 'jane.doe@acme.com', false],
      ['MAC-0099', 'sam.lee@acme.com', true],
    ]);
  });

  it('skips a device nobody is assigned to, saying why', () => {
    const { events, skipped } = parseRecords(deviceInventoryParser, [
      { ...deviceProperties, UPN: '', UserEmail: null },
    ]);
    expect(events).toEqual([]);
    expect(skipped).toEqual(['Intune device without a primary user: no owner to record']);
  });
});

/** An Intune audit record as the diagnostic settings export writes it. */
function intuneAudit(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    time: '2024-05-02T09:12:00.1234567Z',
    category: 'AuditLogs',
    operationName: 'Wipe ManagedDevice',
    identity: 'it.admin@acme.com',
    correlationId: 'c0ffee00-0000-4000-8000-000000000001',
    properties: {
      ActivityDate: '5/2/2024 9:12:00 AM',
      ActivityResultStatus: 1,
      ActivityType: 0,
      Actor: { ActorType: 1, UPN: 'it.admin@acme.com', ObjectId: 'a-1', IsDelegatedAdmin: false },
      AuditEventId: 'aud-1',
      Category: 2,
      TargetDisplayNames: ['WS-0142'],
      TargetObjectIds: ['3f1c2b4a-9d8e-4f7a-b6c5-d4e3f2a1b0c9'],
      Targets: [{ ModifiedProperties: [] }],
    },
    ...overrides,
  };
}

describe('device inventory: Intune audit logs', () => {
  it('keeps an administrator action on a device in the device topic', () => {
    expect(parseOne(deviceInventoryParser, intuneAudit())).toMatchObject({
      sourceEventId: 'aud-1',
      time: Date.parse('2024-05-02T09:12:00.123Z'),
      category: 'device',
      activity: 'other',
      action: 'Wipe ManagedDevice',
      outcome: 'success',
      actorEmail: 'it.admin@acme.com',
      device: { name: 'WS-0142' },
      target: 'WS-0142',
    });
  });

  it('reads ActivityDate when `time` is malformed, and Properties as JSON text', () => {
    const malformed = intuneAudit({ time: '2024-05-02:09:12.3387000Z' });
    const properties = (malformed.properties as Record<string, unknown>) ?? {};
    const { events } = parseRecords(deviceInventoryParser, [
      { ...malformed, properties: { ...properties, ActivityDate: '5/2/2024 6:21:02 PM' } },
      {
        TimeGenerated: '2024-05-02T10:00:00Z',
        OperationName: 'Create MobileApp',
        Properties: JSON.stringify({
          ...properties,
          AuditEventId: 'aud-2',
          ActivityResultStatus: 2,
        }),
        category: 'AuditLogs',
        operationName: 'Create MobileApp',
      },
    ]);
    expect(events.map((e) => [new Date(e.time).toISOString(), e.action, e.outcome])).toEqual([
      ['2024-05-02T18:21:02.000Z', 'Wipe ManagedDevice', 'success'],
      ['2024-05-02T10:00:00.000Z', 'Create MobileApp', 'failure'],
    ]);
    expect(events[1]!.device).toBeNull();
  });
});

/** A computer as the Jamf Pro API's computers-inventory returns it. */
const jamfComputer = {
  id: '117',
  udid: '5A1B2C3D-4E5F-6789-ABCD-0123456789AB',
  general: {
    name: 'MBP-JDOE',
    lastReportedIp: '10.20.30.40',
    platform: 'Mac',
    lastContactTime: '2024-05-02T08:15:30.123Z',
    reportDate: '2024-05-02T08:10:00.000Z',
    remoteManagement: { managed: true, managementUsername: 'jamfadmin' },
  },
  hardware: { make: 'Apple', model: 'MacBook Pro (14-inch, 2023)', serialNumber: 'C02ZK0ABCD' },
  operatingSystem: { name: 'macOS', version: '14.4.1', fileVault2Status: 'ALL_ENCRYPTED' },
  userAndLocation: { username: 'jdoe', realname: 'Jane Doe', email: 'jane.doe@acme.com' },
};

describe('device inventory: Jamf Pro computers', () => {
  it('reads a Jamf Pro API inventory record and its results page', () => {
    const page = { totalCount: 1, results: [jamfComputer] };
    expect(parseOne(deviceInventoryParser, page)).toMatchObject({
      activity: 'device_seen',
      app: 'Jamf Pro',
      action: 'computers-inventory',
      time: Date.parse('2024-05-02T08:15:30.123Z'),
      actorEmail: 'jane.doe@acme.com',
      ip: '10.20.30.40',
      device: {
        id: '5A1B2C3D-4E5F-6789-ABCD-0123456789AB',
        name: 'MBP-JDOE',
        managed: true,
        os: 'macOS 14.4.1',
      },
      attributes: { serialNumber: 'C02ZK0ABCD', fileVault: 'ALL_ENCRYPTED', username: 'jdoe' },
    });
  });

  it('reads the classic API computer, and maps a username when there is no email', () => {
    const classic = {
      computer: {
        general: {
          id: 42,
          name: 'MBA-SLEE',
          serial_number: 'FVFXYZ',
          udid: 'UD-42',
          last_contact_time: '2024-05-01 22:10:00',
          last_contact_time_epoch: Date.parse('2024-05-01T20:10:00Z'),
          last_contact_time_utc: '2024-05-01T20:10:00.000+0000',
          remote_management: { managed: false },
        },
        location: { username: 'slee', realname: 'Sam Lee', email_address: '' },
        hardware: { make: 'Apple', model: 'MacBook Air', os_name: 'macOS', os_version: '14.2' },
      },
    };
    const event = parseOne(deviceInventoryParser, classic, {
      companyDomains: ['acme.com'],
      now: Date.UTC(2024, 5, 1),
      accountToEmail: (account) => (account === 'slee' ? 'sam.lee@acme.com' : null),
    });
    expect(event).toMatchObject({
      action: 'computer',
      time: Date.parse('2024-05-01T20:10:00Z'),
      actorEmail: 'sam.lee@acme.com',
      actorId: 'slee',
      device: { id: 'UD-42', name: 'MBA-SLEE', managed: false, os: 'macOS 14.2' },
    });
  });

  it('skips a computer assigned to nobody', () => {
    const unassigned = { ...jamfComputer, userAndLocation: { username: '', email: '' } };
    expect(parseRecords(deviceInventoryParser, [unassigned]).skipped).toEqual([
      'Jamf computer without an assigned user: no owner to record',
    ]);
  });

  it('is found by detection only for device records', () => {
    expect(deviceInventoryParser.detect(jamfComputer)).toBe(true);
    expect(deviceInventoryParser.detect(intuneAudit())).toBe(true);
    expect(deviceInventoryParser.detect({ properties: deviceProperties })).toBe(true);
    expect(deviceInventoryParser.detect({ value: [{ id: 'x' }] })).toBe(false);
    expect(deviceInventoryParser.detect({ general: {} })).toBe(false);
  });
});
