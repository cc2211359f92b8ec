import type { Department } from './catalog/departments';
import type { SensitivityLabel } from './catalog/labels';
import type { Location } from './catalog/locations';
import type { Company } from './company';

/** A laptop or phone. Unmanaged devices never appear in the Intune inventory. */
export interface Device {
  /** Intune managedDevice id. */
  readonly id: string;
  readonly azureAdDeviceId: string;
  readonly name: string;
  readonly kind: 'windows' | 'mac' | 'iphone' | 'android' | 'personal-laptop';
  readonly operatingSystem: 'Windows' | 'macOS' | 'iOS' | 'Android';
  readonly osVersion: string;
  readonly managed: boolean;
  readonly ownerType: 'company' | 'personal';
  readonly complianceState: 'compliant' | 'noncompliant';
  readonly manufacturer: string;
  readonly model: string;
  readonly serialNumber: string;
  readonly enrolledAt: number;
  /** Fully qualified host name (Windows laptops), as Sysmon reports it. */
  readonly hostname: string;
  readonly userAgent: string;
  /** Okta's reading of the user agent. */
  readonly uaBrowser: string;
  readonly uaOs: string;
}

/** A document in Google Drive, a SharePoint site or someone's OneDrive. */
export interface FileItem {
  /** Drive doc id, or the SharePoint list item's unique id. */
  readonly id: string;
  readonly name: string;
  readonly extension: string;
  readonly store: 'drive' | 'sharepoint' | 'onedrive';
  readonly department: Department | 'All';
  readonly label: SensitivityLabel | null;
  readonly size: number;
  /** Folder path inside the drive or document library, without leading slash. */
  readonly folder: string;
  /** SharePoint/OneDrive site URL (with trailing slash); null for Google Drive. */
  readonly siteUrl: string | null;
  readonly ownerEmail: string;
  /** Google Drive `doc_type`. */
  readonly docType: string;
}

/** A GitHub repository of the company's organization. */
export interface Repo {
  /** `org/name`. */
  readonly fullName: string;
  readonly team: string;
}

/** One person and everything the sources need to speak about them. */
export interface Employee {
  readonly id: string;
  /** Position in the organization, used for RIDs and device numbers. */
  readonly index: number;
  readonly firstName: string;
  readonly lastName: string;
  readonly fullName: string;
  readonly email: string;
  /** Email local part; also the Windows account name. */
  readonly localPart: string;
  readonly department: Department;
  readonly title: string;
  readonly level: 'exec' | 'head' | 'manager' | 'ic';
  readonly managerId: string | null;
  readonly location: Location;
  readonly timezone: string;
  readonly workStartHour: number;
  readonly workEndHour: number;
  /** `YYYY-MM-DD`. */
  readonly startDate: string;
  /** Set by natural attrition or by a storyline during planning; fixed afterwards. */
  resignationDate: string | null;
  departureDate: string | null;
  readonly devices: readonly Device[];
  readonly apps: readonly string[];
  readonly repos: readonly string[];
  readonly files: readonly FileItem[];
  readonly oktaId: string;
  readonly slackId: string;
  readonly googleProfileId: string;
  /** M365 `UserKey` (PUID). */
  readonly puid: string;
  readonly githubLogin: string | null;
  readonly githubId: number;
  /** `NORTHWIND\jdoe`. */
  readonly windowsAccount: string;
  readonly sid: string;
  readonly homeIp: string;
  /** Share of working days spent at home. */
  readonly remoteShare: number;
  /** Chance of a short evening session on a working day. */
  readonly eveningShare: number;
  /** Chance of some activity on a weekend day. */
  readonly weekendShare: number;
}

/** The synthetic company: people, repositories and documents. */
export interface Organization {
  readonly company: Company;
  readonly employees: readonly Employee[];
  readonly byId: ReadonlyMap<string, Employee>;
  readonly repos: readonly Repo[];
  readonly files: readonly FileItem[];
}
