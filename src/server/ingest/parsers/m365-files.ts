import type { Activity } from '../../../shared/events';
import { EventClass } from '../../../shared/events';
import { isExternalAddress, isPersonalAddress, normalizeEmail } from './addresses';
import type { EventDraft } from './event-builder';
import type { JsonObject } from './fields';
import { at, field, firstText, integer, lookup, text } from './fields';
import type { ParserOptions } from './parser';

/** SharePoint and OneDrive file operations with a fixed normalized activity. */
const fileActivities: Record<string, Activity> = {
  FileAccessed: 'file_view',
  FileAccessedExtended: 'file_view',
  FilePreviewed: 'file_view',
  FileDownloaded: 'file_download',
  FileUploaded: 'file_upload',
  FileModified: 'file_modify',
  FileModifiedExtended: 'file_modify',
  FileRenamed: 'file_modify',
  FileDeleted: 'file_delete',
  FileRecycled: 'file_delete',
  FileDeletedFirstStageRecycleBin: 'file_delete',
  FileDeletedSecondStageRecycleBin: 'file_delete',
  FileCopied: 'file_copy',
  FileMoved: 'file_move',
  FileSyncDownloadedFull: 'file_sync',
  FileSyncDownloadedPartial: 'file_sync',
  FileSyncUploadedFull: 'file_upload',
  FileSyncUploadedPartial: 'file_upload',
};

/** Operations that give someone access to a file. */
const SHARE_OPERATIONS = new Set([
  'SharingSet',
  'SharingInvitationCreated',
  'AddedToSecureLink',
  'SecureLinkCreated',
  'CompanyLinkCreated',
  'AnonymousLinkCreated',
  'AnonymousLinkUpdated',
  'AddedToSharingLink',
]);

/** True for SharePoint/OneDrive operations this module maps. */
export function isFileOperation(operation: string): boolean {
  return Object.hasOwn(fileActivities, operation) || SHARE_OPERATIONS.has(operation);
}

/** The file-specific part of a normalized event for a SharePoint/OneDrive record. */
export function fileFacts(
  operation: string,
  record: JsonObject,
  options: ParserOptions,
): Pick<EventDraft, 'activity' | 'file' | 'target' | 'classification' | 'attributes'> {
  const file = {
    id: firstText(field(record, 'ListItemUniqueId'), field(record, 'ObjectId')),
    name: text(field(record, 'SourceFileName')),
    path: filePath(record),
    size: integer(field(record, 'FileSizeBytes')) ?? integer(field(record, 'FileSize')),
    label: firstText(
      field(record, 'SensitivityLabelName'),
      field(record, 'SensitivityLabelId'),
      at(record, 'SensitivityLabelEventData', 'SensitivityLabelId'),
    ),
  };
  const attributes = {
    siteUrl: text(field(record, 'SiteUrl')) ?? undefined,
    itemType: text(field(record, 'ItemType')) ?? undefined,
    destinationPath: joinUrl(
      field(record, 'DestinationRelativeUrl'),
      field(record, 'DestinationFileName'),
    ),
    userAgent: text(field(record, 'UserAgent')) ?? undefined,
  };
  if (!SHARE_OPERATIONS.has(operation)) {
    return {
      activity: lookup(fileActivities, operation) ?? 'other',
      file,
      attributes,
      // OCSF File Hosting "Rename" has no normalized verb; keep the class precise.
      classification:
        operation === 'FileRenamed'
          ? { category: 'file', classUid: EventClass.fileHostingActivity, activityId: 5 }
          : undefined,
    };
  }
  const grantee = firstText(
    field(record, 'TargetUserOrGroupName'),
    field(record, 'UserSharedWith'),
  );
  const granteeEmail = normalizeEmail(grantee);
  const guest =
    text(field(record, 'TargetUserOrGroupType'))?.toLowerCase() === 'guest' ||
    (grantee?.toLowerCase().includes('#ext#') ?? false);
  const anonymous = operation.startsWith('AnonymousLink');
  const external =
    anonymous || guest || (granteeEmail !== null && isExternalAddress(granteeEmail, options));
  const destination = anonymous
    ? 'public_link'
    : !external
      ? null
      : granteeEmail !== null && isPersonalAddress(granteeEmail, options)
        ? 'personal_email'
        : 'external_share';
  return {
    activity: external ? 'file_share_external' : 'file_share',
    file: { ...file, destination },
    target: granteeEmail ?? grantee,
    attributes: { ...attributes, sharingType: text(field(record, 'SharingType')) ?? undefined },
  };
}

/** `SiteUrl` + `SourceRelativeUrl` + `SourceFileName`, or the full `ObjectId` URL. */
function filePath(record: JsonObject): string | null {
  const site = text(field(record, 'SiteUrl'));
  const relative = text(field(record, 'SourceRelativeUrl'));
  const name = text(field(record, 'SourceFileName'));
  if (site !== null && relative !== null) {
    const folder = joinUrl(site, relative) ?? site;
    return name !== null && !folder.endsWith(name) ? `${folder}/${name}` : folder;
  }
  return text(field(record, 'ObjectId'));
}

function joinUrl(base: unknown, rest: unknown): string | undefined {
  const left = text(base);
  const right = text(rest);
  if (left === null || right === null) return left ?? right ?? undefined;
  return `${left.replace(/\/+$/, '')}/${right.replace(/^\/+/, '')}`;
}
