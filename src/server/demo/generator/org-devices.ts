import type { Company } from './company';
import type { Device } from './org-types';
import type { Prng } from './prng';

interface DeviceModel {
  readonly manufacturer: string;
  readonly model: string;
}

const windowsModels: readonly DeviceModel[] = [
  { manufacturer: 'Dell Inc.', model: 'Latitude 7440' },
  { manufacturer: 'Dell Inc.', model: 'Latitude 5540' },
  { manufacturer: 'LENOVO', model: '21HD0026US' },
  { manufacturer: 'HP', model: 'HP EliteBook 840 G10 Notebook PC' },
  { manufacturer: 'Microsoft Corporation', model: 'Surface Laptop 5' },
];
const windowsBuilds = ['10.0.22631.4460', '10.0.22631.4541', '10.0.26100.2314', '10.0.19045.5131'];
const macModels = [
  'MacBook Pro (14-inch, 2023)',
  'MacBook Pro (16-inch, 2023)',
  'MacBook Air (15-inch, M3, 2024)',
];
const macVersions = ['14.7.1', '15.1.1', '15.2'];
const iosVersions = ['17.7.2', '18.1.1', '18.2'];
const androidVersions = ['14', '15'];

const CHROME = '131.0.0.0';
const uaWindowsChrome = `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${CHROME} Safari/537.36`;
const uaWindowsEdge = `${uaWindowsChrome} Edg/131.0.0.0`;
const uaMacChrome = `Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${CHROME} Safari/537.36`;
const uaMacSafari =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15';
const uaIphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const uaAndroid = `Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${CHROME} Mobile Safari/537.36`;

function serial(prng: Prng, length: number): string {
  return prng.upperAlnum(length);
}

/** The devices of one employee: a managed laptop, sometimes a phone or a personal laptop. */
export function buildDevices(
  prng: Prng,
  company: Company,
  employeeNumber: number,
  firstName: string,
  macShare: number,
  startMs: number,
  windowStartMs: number,
): Device[] {
  const devices: Device[] = [];
  // Laptops are replaced every few years: the current one arrived at hiring or at a refresh.
  const issued = Math.max(startMs, windowStartMs - prng.int(30, 1300) * 86_400_000);
  const enrolled = issued + prng.int(0, 5) * 86_400_000 + prng.int(8, 17) * 3_600_000;
  if (prng.chance(macShare)) {
    const name = `NW-MB-${employeeNumber}`;
    const safari = prng.chance(0.3);
    devices.push({
      id: prng.uuid(),
      azureAdDeviceId: prng.uuid(),
      name,
      kind: 'mac',
      operatingSystem: 'macOS',
      osVersion: prng.pick(macVersions),
      managed: true,
      ownerType: 'company',
      complianceState: prng.chance(0.04) ? 'noncompliant' : 'compliant',
      manufacturer: 'Apple',
      model: prng.pick(macModels),
      serialNumber: serial(prng, 10),
      enrolledAt: enrolled,
      hostname: `${name}.${company.adDomain}`,
      userAgent: safari ? uaMacSafari : uaMacChrome,
      uaBrowser: safari ? 'SAFARI' : 'CHROME',
      uaOs: 'Mac OS X',
    });
  } else {
    const name = `NW-LT-${employeeNumber}`;
    const model = prng.pick(windowsModels);
    const edge = prng.chance(0.35);
    devices.push({
      id: prng.uuid(),
      azureAdDeviceId: prng.uuid(),
      name,
      kind: 'windows',
      operatingSystem: 'Windows',
      osVersion: prng.pick(windowsBuilds),
      managed: true,
      ownerType: 'company',
      complianceState: prng.chance(0.04) ? 'noncompliant' : 'compliant',
      manufacturer: model.manufacturer,
      model: model.model,
      serialNumber: serial(prng, model.manufacturer === 'Dell Inc.' ? 7 : 10),
      enrolledAt: enrolled,
      hostname: `${name}.${company.adDomain}`,
      userAgent: edge ? uaWindowsEdge : uaWindowsChrome,
      uaBrowser: edge ? 'EDGE' : 'CHROME',
      uaOs: 'Windows 10',
    });
  }
  const second = prng.weighted<'none' | 'iphone' | 'android' | 'personal-laptop'>([
    ['none', 50],
    ['iphone', 28],
    ['android', 12],
    ['personal-laptop', 10],
  ]);
  const later = Math.max(
    enrolled + 86_400_000,
    Math.min(enrolled + prng.int(1, 400) * 86_400_000, windowStartMs - 86_400_000),
  );
  if (second === 'iphone' || second === 'android') {
    const iphone = second === 'iphone';
    devices.push({
      id: prng.uuid(),
      azureAdDeviceId: prng.uuid(),
      name: iphone ? `${firstName}'s iPhone` : `${firstName}'s Pixel`,
      kind: second,
      operatingSystem: iphone ? 'iOS' : 'Android',
      osVersion: prng.pick(iphone ? iosVersions : androidVersions),
      managed: true,
      ownerType: prng.chance(0.6) ? 'personal' : 'company',
      complianceState: prng.chance(0.08) ? 'noncompliant' : 'compliant',
      manufacturer: iphone ? 'Apple' : 'Google',
      model: iphone
        ? prng.pick(['iPhone 14', 'iPhone 15', 'iPhone 15 Pro', 'iPhone 16'])
        : 'Pixel 8',
      serialNumber: serial(prng, iphone ? 12 : 11),
      enrolledAt: later,
      hostname: '',
      userAgent: iphone ? uaIphone : uaAndroid,
      uaBrowser: iphone ? 'SAFARI' : 'CHROME',
      uaOs: iphone ? 'iOS' : 'Android',
    });
  } else if (second === 'personal-laptop') {
    // Never enrolled: it only shows up as an unfamiliar browser in sign-in logs.
    devices.push({
      id: prng.uuid(),
      azureAdDeviceId: '',
      name: `${firstName.toUpperCase()}-PC`,
      kind: 'personal-laptop',
      operatingSystem: 'Windows',
      osVersion: '10.0.19045',
      managed: false,
      ownerType: 'personal',
      complianceState: 'noncompliant',
      manufacturer: 'Unknown',
      model: 'Unknown',
      serialNumber: '',
      enrolledAt: 0,
      hostname: '',
      userAgent: prng.chance(0.5) ? uaWindowsChrome.replace(CHROME, '129.0.0.0') : uaWindowsEdge,
      uaBrowser: 'CHROME',
      uaOs: 'Windows 10',
    });
  }
  return devices;
}

/** The employee's Windows laptop, if the primary device is one (Macs send no Windows logs). */
export function windowsDevice(devices: readonly Device[]): Device | undefined {
  return devices.find((d) => d.kind === 'windows');
}

/** The laptop everybody is issued on day one. */
export function primaryDevice(devices: readonly Device[]): Device {
  const device = devices[0];
  if (!device) throw new Error('Every employee has a primary laptop');
  return device;
}
