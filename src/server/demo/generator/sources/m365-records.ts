import { m365Time } from '../calendar';
import { labelIds } from '../catalog/labels';
import type { Company } from '../company';
import type { Employee, FileItem } from '../org-types';
import { stableUuid, type Prng } from '../prng';
import type { NativeRecord } from '../source-types';

/** Unified Audit Log record types used here. */
export const RecordType = {
  exchangeItem: 2,
  sharePointFileOperation: 6,
  sharePointSharingOperation: 14,
} as const;

const SHAREPOINT_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

function common(
  company: Company,
  e: Employee,
  time: number,
  operation: string,
  recordType: number,
  workload: string,
  ip: string,
  prng: Prng,
): NativeRecord {
  return {
    CreationTime: m365Time(time),
    Id: prng.uuid(),
    Operation: operation,
    OrganizationId: company.m365OrganizationId,
    RecordType: recordType,
    UserKey:
      workload === 'Exchange' ? e.puid : `i:0h.f|membership|${e.puid.toLowerCase()}@live.com`,
    UserType: 0,
    Version: 1,
    Workload: workload,
    ClientIP: ip,
    UserId: e.email,
  };
}

/**
 * A SharePoint or OneDrive file operation. `SensitivityLabelName` is a Vigil enrichment beside
 * Purview's `SensitivityLabelId`, so label names need no tenant lookup.
 */
export function sharePointFileRecord(
  company: Company,
  e: Employee,
  file: FileItem,
  operation: string,
  time: number,
  ip: string,
  prng: Prng,
  extra: NativeRecord = {},
): NativeRecord {
  const siteUrl = file.siteUrl ?? `${company.sharepointHost}/sites/Shared/`;
  const workload = file.store === 'onedrive' ? 'OneDrive' : 'SharePoint';
  const recordType = /Sharing|Link|Invitation/.test(operation)
    ? RecordType.sharePointSharingOperation
    : RecordType.sharePointFileOperation;
  const record: NativeRecord = {
    ...common(company, e, time, operation, recordType, workload, ip, prng),
    ObjectId: `${siteUrl}${file.folder}/${file.name}`,
    CorrelationId: prng.uuid(),
    CustomUniqueId: true,
    EventSource: 'SharePoint',
    ItemType: 'File',
    ListId: stableUuid(`list|${siteUrl}`),
    ListItemUniqueId: file.id,
    Site: stableUuid(`site|${siteUrl}`),
    UserAgent: SHAREPOINT_UA,
    WebId: stableUuid(`web|${siteUrl}`),
    GeoLocation: 'NAM',
    IsManagedDevice: true,
    HighPriorityMediaProcessing: false,
    SourceFileExtension: file.extension,
    SiteUrl: siteUrl,
    SourceFileName: file.name,
    SourceRelativeUrl: file.folder,
    FileSizeBytes: file.size,
  };
  // Assigned rather than spread conditionally: V8 keeps such objects in fast mode.
  if (file.label) {
    record.SensitivityLabelId = labelIds[file.label];
    record.SensitivityLabelName = file.label;
  }
  for (const key of Object.keys(extra)) record[key] = extra[key];
  return record;
}

/** A sharing operation on a file: an internal share, a guest invitation or an anonymous link. */
export function sharePointSharingRecord(
  company: Company,
  e: Employee,
  file: FileItem,
  operation:
    'SharingSet' | 'SharingInvitationCreated' | 'AnonymousLinkCreated' | 'CompanyLinkCreated',
  time: number,
  ip: string,
  prng: Prng,
  target: string | null,
): NativeRecord {
  const extra: NativeRecord =
    operation === 'AnonymousLinkCreated' || operation === 'CompanyLinkCreated'
      ? { EventData: '<Type>View</Type>' }
      : {
          TargetUserOrGroupName: target,
          TargetUserOrGroupType: operation === 'SharingInvitationCreated' ? 'Guest' : 'Member',
          EventData: '<PermissionsGranted>Read</PermissionsGranted>',
        };
  return sharePointFileRecord(company, e, file, operation, time, ip, prng, extra);
}

function mailboxFields(company: Company, e: Employee, ip: string, prng: Prng): NativeRecord {
  return {
    ResultStatus: 'Succeeded',
    ClientIPAddress: ip,
    ClientInfoString: prng.chance(0.6) ? 'Client=OWA;Action=ViaProxy' : 'Client=MSExchangeRPC',
    ExternalAccess: false,
    InternalLogonType: 0,
    LogonType: 0,
    LogonUserSid: e.sid,
    MailboxGuid: stableUuid(`mailbox|${e.email}`),
    MailboxOwnerSid: e.sid,
    MailboxOwnerUPN: e.email,
    OrganizationName: `${company.slug}.onmicrosoft.com`,
    OriginatingServer: `BN8PR12MB${1000 + (e.index % 9000)} (15.20.8182.000)\r\n`,
  };
}

function itemId(prng: Prng): string {
  return `RgAAAAD${prng.alnum(56)}AAAJ`;
}

function messageId(e: Employee, prng: Prng): string {
  const server = `BN8PR12MB${1000 + (e.index % 9000)}`;
  return `<${server}${prng.upperAlnum(12)}@${server}.namprd12.prod.outlook.com>`;
}

/** A mail attachment: name and size in bytes. */
export interface Attachment {
  readonly name: string;
  readonly size: number;
}

/**
 * An Exchange `Send`. The audit log does not carry recipients; `Item.Recipients` and the
 * top-level `Recipients` array are Vigil enrichments (joined from message trace in a real
 * deployment). `Attachments` keeps the native "name (size b); ..." string.
 */
export function exchangeSendRecord(
  company: Company,
  e: Employee,
  time: number,
  ip: string,
  mail: { subject: string; recipients: readonly string[]; attachments: readonly Attachment[] },
  prng: Prng,
): NativeRecord {
  const attachmentBytes = mail.attachments.reduce((s, a) => s + a.size, 0);
  const item: NativeRecord = {
    Id: itemId(prng),
    InternetMessageId: messageId(e, prng),
    ParentFolder: { Id: `LgAAAAD${prng.alnum(40)}AQ`, Path: '\\Sent Items' },
    Subject: mail.subject,
    SizeInBytes: 6_000 + prng.int(0, 40_000) + Math.round(attachmentBytes * 1.37),
  };
  if (mail.attachments.length > 0) {
    item.Attachments = mail.attachments.map((a) => `${a.name} (${a.size}b)`).join('; ');
  }
  item.Recipients = [...mail.recipients];
  return {
    ...common(company, e, time, 'Send', RecordType.exchangeItem, 'Exchange', ip, prng),
    ...mailboxFields(company, e, ip, prng),
    Item: item,
    Recipients: [...mail.recipients],
    SaveToSentItems: true,
  };
}

/** A mailbox deletion: `MoveToDeletedItems`, `SoftDelete` or `HardDelete` of some items. */
export function exchangeDeleteRecord(
  company: Company,
  e: Employee,
  operation: 'MoveToDeletedItems' | 'SoftDelete' | 'HardDelete',
  time: number,
  ip: string,
  subjects: readonly string[],
  prng: Prng,
): NativeRecord {
  const folder =
    operation === 'MoveToDeletedItems'
      ? '\\Inbox'
      : prng.pick(['\\Inbox', '\\Deleted Items', '\\Sent Items']);
  return {
    ...common(company, e, time, operation, RecordType.exchangeItem, 'Exchange', ip, prng),
    ...mailboxFields(company, e, ip, prng),
    CrossMailboxOperation: false,
    Folder: { Id: `LgAAAAD${prng.alnum(40)}AQ`, Path: folder },
    ...(operation === 'MoveToDeletedItems'
      ? { DestFolder: { Id: `LgAAAAD${prng.alnum(40)}AQ`, Path: '\\Deleted Items' } }
      : {}),
    AffectedItems: subjects.map((subject) => ({
      Id: itemId(prng),
      InternetMessageId: messageId(e, prng),
      ParentFolder: { Id: `LgAAAAD${prng.alnum(40)}AQ`, Path: folder },
      Subject: subject,
    })),
  };
}
