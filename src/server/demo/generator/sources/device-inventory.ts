import { isoTime } from '../calendar';
import type { Device, Employee } from '../org-types';
import { stableUuid } from '../prng';
import { sampleTime } from '../rhythm';
import type { DayContext, Emitted, NativeRecord, SourceEmitter } from '../source-types';

const ENROLLMENT: Record<Device['kind'], string> = {
  windows: 'windowsAzureADJoin',
  mac: 'appleBulkWithUser',
  iphone: 'userEnrollment',
  android: 'androidEnterpriseWorkProfile',
  'personal-laptop': 'unknown',
};

const STORAGE: Record<Device['kind'], number> = {
  windows: 511_101_108_224,
  mac: 494_384_795_648,
  iphone: 127_989_493_760,
  android: 127_989_493_760,
  'personal-laptop': 0,
};

/** The Intune agent that manages a device; phones enrolled by their owner sync over EAS too. */
function managementAgent(device: Device): string {
  if (device.kind === 'windows') return 'mdm';
  if (device.kind === 'mac') return 'mdm';
  return device.ownerType === 'personal' ? 'easMdm' : 'mdm';
}

/** One Microsoft Graph `managedDevice`, as seen at one check-in (`lastSyncDateTime`). */
export function managedDevice(e: Employee, device: Device, syncTime: number): NativeRecord {
  const storage = STORAGE[device.kind];
  return {
    id: device.id,
    userId: stableUuid(`aad-user|${e.email}`),
    deviceName: device.name,
    managedDeviceOwnerType: device.ownerType,
    enrolledDateTime: isoTime(device.enrolledAt),
    lastSyncDateTime: isoTime(syncTime),
    operatingSystem: device.operatingSystem,
    complianceState: device.complianceState,
    jailBroken: device.kind === 'iphone' || device.kind === 'android' ? 'False' : 'Unknown',
    managementAgent: managementAgent(device),
    osVersion: device.osVersion,
    easActivated: device.ownerType === 'personal',
    azureADRegistered: true,
    deviceEnrollmentType: ENROLLMENT[device.kind],
    emailAddress: e.email,
    azureADDeviceId: device.azureAdDeviceId,
    deviceRegistrationState: 'registered',
    isSupervised: device.kind === 'iphone' && device.ownerType === 'company',
    isEncrypted: true,
    userPrincipalName: e.email,
    model: device.model,
    manufacturer: device.manufacturer,
    serialNumber: device.serialNumber,
    userDisplayName: e.fullName,
    totalStorageSpaceInBytes: storage,
    freeStorageSpaceInBytes: Math.round(storage * (0.2 + ((syncTime / 86_400_000) % 7) / 20)),
    managedDeviceName: `${e.localPart}_${device.operatingSystem}_${isoTime(device.enrolledAt).slice(0, 10).replace(/-/g, '/')}`,
    partnerReportedThreatState: 'unknown',
  };
}

function normalDay({ employee: e, plan, prng }: DayContext): Emitted[] {
  if (plan.sessions.length === 0) return [];
  const out: Emitted[] = [];
  for (const device of e.devices) {
    if (!device.managed) continue;
    const phone = device.kind === 'iphone' || device.kind === 'android';
    // Laptops check in when used; phones most days.
    if (phone ? !prng.chance(0.7) : plan.kind !== 'workday' && !prng.chance(0.5)) continue;
    const time = sampleTime(plan, prng);
    if (time < device.enrolledAt) continue;
    out.push({ time, record: managedDevice(e, device, time) });
  }
  return out;
}

/** Intune device inventory: one managedDevice snapshot per check-in. */
export const deviceInventorySource: SourceEmitter = {
  id: 'device-inventory',
  file: 'device-inventory.ndjson',
  format: 'ndjson',
  timeFormat: '`lastSyncDateTime`, `enrolledDateTime`: ISO-8601 UTC with Z',
  countingRule: 'one managedDevice snapshot = one event (id + lastSyncDateTime is unique)',
  employeeDay: normalDay,
  eventCount: () => 1,
  actionOf: () => 'managedDevice',
  serialize: (r) => JSON.stringify(r),
};
