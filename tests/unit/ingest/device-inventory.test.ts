import { describe, expect, it } from 'vitest';

import { deviceInventoryParser } from '../../../src/server/ingest/parsers/device-inventory';
import { parseOne, parseRecords, rejectionOf } from './support/parse-records';

/** A managedDevice as Microsoft Graph returns it. */
function managedDevice(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: '705c034c-034c-705c-4c03-5c704c035c70',
    userId: 'b1a2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
    deviceName: 'LAPTOP-JDOE',
    managedDeviceOwnerType: 'company',
    enrolledDateTime: '2023-11-14T09:12:45Z',
    lastSyncDateTime: '2024-05-02T06:40:12Z',
    operatingSystem: 'Windows',
    complianceState: 'compliant',
    jailBroken: 'Unknown',
    managementAgent: 'mdm',
    osVersion: '10.0.22631.3447',
    emailAddress: 'jane.doe@acme.com',
    userPrincipalName: 'jane.doe@acme.com',
    model: 'Latitude 7440',
    manufacturer: 'Dell Inc.',
    serialNumber: '7X2Q9K3',
    isEncrypted: true,
    ...overrides,
  };
}

describe('Intune device inventory parser', () => {
  it('turns a managed device into a device_seen observation at its last sync', () => {
    expect(parseOne(deviceInventoryParser, managedDevice())).toMatchObject({
      source: 'device_inventory',
      sourceEventId: `705c034c-034c-705c-4c03-5c704c035c70:${Date.parse('2024-05-02T06:40:12Z')}`,
      time: Date.parse('2024-05-02T06:40:12Z'),
      activity: 'device_seen',
      category: 'device',
      classUid: 9003,
      actorEmail: 'jane.doe@acme.com',
      device: {
        id: '705c034c-034c-705c-4c03-5c704c035c70',
        name: 'LAPTOP-JDOE',
        managed: true,
        os: 'Windows 10.0.22631.3447',
      },
      attributes: {
        complianceState: 'compliant',
        managementAgent: 'mdm',
        serialNumber: '7X2Q9K3',
        isEncrypted: true,
      },
    });
  });

  it('calls a device unmanaged when its agent or compliance is unknown', () => {
    const { events } = parseRecords(deviceInventoryParser, [
      managedDevice({ managementAgent: 'unknown' }),
      managedDevice({ complianceState: 'unknown', lastSyncDateTime: '2024-05-01T06:40:12Z' }),
      managedDevice({ complianceState: 'noncompliant', lastSyncDateTime: '2024-04-30T06:40:12Z' }),
    ]);
    expect(events.map((event) => event.device?.managed)).toEqual([false, false, true]);
  });

  it('reads a Graph page and falls back to enrolment for a device that never synced', () => {
    const page = {
      '@odata.context':
        'https://graph.microsoft.com/v1.0/$metadata#deviceManagement/managedDevices',
      value: [managedDevice({ lastSyncDateTime: '0001-01-01T00:00:00Z' })],
    };
    const { events } = parseRecords(deviceInventoryParser, [page]);
    expect(events.map((event) => event.time)).toEqual([Date.parse('2023-11-14T09:12:45Z')]);
  });

  it('rejects devices without a user or a sync time, and other records', () => {
    const { errors } = parseRecords(deviceInventoryParser, [
      managedDevice({ userPrincipalName: '', emailAddress: null }),
      managedDevice({ lastSyncDateTime: null, enrolledDateTime: null }),
    ]);
    expect(errors.map((error) => error.message)).toEqual([
      'record 1: no actor: Intune managed devices need `userPrincipalName`',
      'record 2: no time: Intune managed devices need `lastSyncDateTime` (or `enrolledDateTime`)',
    ]);
    expect(
      rejectionOf(deviceInventoryParser, {
        operationName: 'Create MobileApp',
        time: '2025-04-11T18:21:02Z',
      }),
    ).toBe(
      'record 1: not a device inventory record: it is not an Intune device (`deviceName`), an Intune audit record or a Jamf computer (`general`)',
    );
  });
});
