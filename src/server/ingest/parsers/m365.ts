import type { Activity, Outcome } from '../../../shared/events';
import { EventClass } from '../../../shared/events';
import { cleanIp, resolveActor } from './addresses';
import { defineRecordParser } from './define-parser';
import type { EventDraft } from './event-builder';
import type { JsonObject } from './fields';
import { field, firstField, firstText, integer, lookup, text } from './fields';
import { directoryAuditItems, isDirectoryAudit } from './m365-directory-audit';
import { fileFacts, isFileOperation } from './m365-files';
import { isMailOperation, mailFacts } from './m365-exchange';
import { isOfficeActivityRow, officeActivityAsApiRecord } from './m365-sentinel';
import type { ParserOptions } from './parser';
import { recordDigest, stableId } from './stable-id';
import { requireTime } from './timestamps';

/** Entra ID (Azure AD) operations with a fixed normalized activity. */
const directoryActivities: Record<string, Activity> = {
  UserLoggedIn: 'login',
  UserLoginFailed: 'login_failed',
  'Add member to role.': 'admin_granted',
  'Add eligible member to role.': 'admin_granted',
  'Add member to group.': 'role_granted',
  'Add app role assignment grant to user.': 'role_granted',
  'Add user.': 'account_created',
  'Update user.': 'account_changed',
  'Reset user password.': 'password_reset',
  'Change user password.': 'password_change',
};

const appNames: Record<string, string> = {
  AzureActiveDirectory: 'Microsoft Entra ID',
  MicrosoftTeams: 'Microsoft Teams',
};

/**
 * Microsoft 365 Unified Audit Log records (Office 365 Management Activity API, common schema):
 * SharePoint/OneDrive file operations and sharing, Exchange mail sends, deletions, forwarding
 * rules and mailbox access, Entra ID sign-ins. `CreationTime` has no zone and is UTC. Also reads
 * lower-cased keys (Panther), `RecordType` as a string (Elastic), Sentinel's `OfficeActivity`
 * rows (renamed columns, nested fields as JSON strings; see m365-sentinel.ts) and Entra ID
 * directory audit records (Sentinel `AuditLogs`, Graph, diagnostic export; see
 * m365-directory-audit.ts).
 */
export const m365Parser = defineRecordParser({
  source: 'm365',
  label: 'Microsoft 365 audit',
  recordNoun: 'a Microsoft 365 audit record',
  description:
    'Microsoft 365 audit (Management API or Sentinel): SharePoint and OneDrive files, Exchange mail, Entra ID sign-ins and directory changes.',
  framings: ['ndjson', 'json-array'],
  mismatch(record) {
    if (isDirectoryAudit(record)) return null;
    if (text(field(record, 'Operation')) === null) return 'it has no `Operation`';
    if (text(field(record, 'UserId')) === null && field(record, 'RecordType') === undefined) {
      return 'it has neither `UserId` nor `RecordType`';
    }
    return null;
  },
  parse(raw, context) {
    if (isDirectoryAudit(raw)) return directoryAuditItems(raw, context);
    const record = isOfficeActivityRow(raw) ? officeActivityAsApiRecord(raw) : raw;
    const operation = text(field(record, 'Operation'))!;
    const stamp = firstField(record, ['CreationTime', 'TimeGenerated']);
    const time = requireTime(
      stamp?.value,
      {
        name: `\`${stamp?.name ?? 'CreationTime'}\``,
        missing: 'Microsoft 365 audit records need `CreationTime`',
      },
      context.position,
      context.options,
    );
    const account = text(field(record, 'UserId'));
    if (account === null) context.fail('no actor: Microsoft 365 audit records need `UserId`');
    const workload = firstText(field(record, 'Workload'), field(record, 'OfficeWorkload'));
    const facts = operationFacts(operation, workload, record, context.options);
    const id = text(field(record, 'Id'));
    return [
      context.event({
        time,
        // Test fixtures and hand-edited exports reuse an Id for distinct records: the record's
        // digest keeps them apart, and the same record read again the same.
        sourceEventId:
          id === null
            ? stableId('m365', [time, operation, account, field(record, 'ObjectId')])
            : `${id.slice(0, 64)}:${recordDigest(record)}`,
        action: operation,
        outcome: outcomeOf(facts.activity, text(field(record, 'ResultStatus'))),
        ...resolveActor(account, context.options, text(field(record, 'UserKey'))),
        app: workload === null ? null : (lookup(appNames, workload) ?? workload),
        ip: cleanIp(
          firstText(
            field(record, 'ClientIP'),
            field(record, 'ActorIpAddress'),
            field(record, 'ClientIPAddress'),
            field(record, 'Client_IPAddress'),
          ),
        ),
        ...facts,
        attributes: {
          recordType:
            integer(field(record, 'RecordType')) ?? text(field(record, 'RecordType')) ?? undefined,
          workload: workload ?? undefined,
          objectId: text(field(record, 'ObjectId')) ?? undefined,
          resultStatus: text(field(record, 'ResultStatus')) ?? undefined,
          ...facts.attributes,
        },
      }),
    ];
  },
});

type OperationFacts = Pick<
  EventDraft,
  'activity' | 'file' | 'email' | 'target' | 'classification' | 'attributes'
>;

function operationFacts(
  operation: string,
  workload: string | null,
  record: JsonObject,
  options: ParserOptions,
): OperationFacts {
  const facts: OperationFacts = isFileOperation(operation)
    ? fileFacts(operation, record, options)
    : isMailOperation(operation)
      ? mailFacts(operation, record, options)
      : lookup(directoryActivities, operation) !== undefined
        ? {
            activity: lookup(directoryActivities, operation)!,
            target: text(field(record, 'ObjectId')),
          }
        : { activity: 'other' };
  // Unmapped operations still belong to their workload's topic (an inbox rule without forwarding).
  if (facts.activity === 'other' && facts.classification === undefined) {
    return { ...facts, classification: otherClass(workload) };
  }
  return facts;
}

function otherClass(workload: string | null): EventDraft['classification'] {
  if (workload === 'Exchange')
    return { category: 'email', classUid: EventClass.emailActivity, activityId: 99 };
  if (workload === 'SharePoint' || workload === 'OneDrive') {
    return { category: 'file', classUid: EventClass.fileHostingActivity, activityId: 99 };
  }
  return undefined;
}

function outcomeOf(activity: Activity, status: string | null): Outcome {
  if (activity === 'login_failed') return 'failure';
  const lower = status?.toLowerCase() ?? '';
  if (['succeeded', 'success', 'true', 'partiallysucceeded'].includes(lower)) return 'success';
  if (['failed', 'failure', 'false'].includes(lower)) return 'failure';
  // SharePoint and Exchange mailbox records carry no status: the operation happened.
  return status === null && activity !== 'other' ? 'success' : 'unknown';
}
