import type { Activity } from '../../../shared/events';
import {
  emailDomain,
  isExternalAddress,
  isPersonalAddress,
  normalizeEmail,
  unique,
} from './addresses';
import type { EventDraft } from './event-builder';
import type { JsonObject } from './fields';
import { field, integer, isObject, list, lookup, text } from './fields';
import type { ParserOptions } from './parser';

const mailActivities: Record<string, Activity> = {
  Send: 'email_send',
  SendAs: 'email_send',
  SendOnBehalf: 'email_send',
  SoftDelete: 'email_delete',
  HardDelete: 'email_delete',
  MoveToDeletedItems: 'email_delete',
  MailItemsAccessed: 'email_read',
};

const RULE_OPERATIONS = new Set([
  'New-InboxRule',
  'Set-InboxRule',
  'UpdateInboxRules',
  'Set-Mailbox',
]);

/** Rule and mailbox parameters that send mail somewhere else. */
const FORWARDING_PARAMETERS = [
  'ForwardTo',
  'ForwardAsAttachmentTo',
  'RedirectTo',
  'ForwardingSmtpAddress',
  'ForwardingAddress',
];

const ADDRESS = /[^\s;,"'<>[\]():]+@[^\s;,"'<>[\]():]+\.[^\s;,"'<>[\]():]+/g;

/** True for Exchange operations this module maps. */
export function isMailOperation(operation: string): boolean {
  return Object.hasOwn(mailActivities, operation) || RULE_OPERATIONS.has(operation);
}

type MailFacts = Pick<EventDraft, 'activity' | 'email' | 'file' | 'target' | 'attributes'>;

/** The mail-specific part of a normalized event for an Exchange record. */
export function mailFacts(
  operation: string,
  record: JsonObject,
  options: ParserOptions,
): MailFacts {
  if (RULE_OPERATIONS.has(operation)) return ruleFacts(record);
  const activity = lookup(mailActivities, operation) ?? 'other';
  if (activity === 'email_send') return sendFacts(record, options);
  if (activity === 'email_delete') {
    const items = list(field(record, 'AffectedItems')).filter(isObject);
    return {
      activity,
      attributes: {
        folder: text(field(field(record, 'Folder'), 'Path')) ?? undefined,
        itemCount: items.length > 0 ? items.length : undefined,
        subjects: items.slice(0, 20).map((item) => text(field(item, 'Subject'))),
      },
    };
  }
  if (activity === 'email_read') {
    return { activity, attributes: { itemCount: countAccessedItems(field(record, 'Folders')) } };
  }
  return { activity };
}

function sendFacts(record: JsonObject, options: ParserOptions): MailFacts {
  const item = field(record, 'Item');
  const recipients = unique(
    [field(item, 'Recipients'), field(record, 'Recipients')].flatMap(readAddresses),
  );
  const domains = unique(recipients.map(emailDomain));
  const external = recipients.some((address) => isExternalAddress(address, options));
  const personal = recipients.some((address) => isPersonalAddress(address, options));
  const attachments = readAttachments(field(item, 'Attachments'));
  const named = attachments.filter((name) => name.length > 0);
  const destination = personal ? 'personal_email' : external ? 'external_email' : null;
  return {
    activity: 'email_send',
    email: {
      recipients,
      external,
      domains,
      subject: text(field(item, 'Subject')) ?? text(field(record, 'Subject')),
      attachments: attachments.length,
      size: integer(field(item, 'SizeInBytes')),
    },
    file: attachments.length > 0 ? { name: named.join('; ') || null, destination } : null,
    attributes: {
      destination: destination ?? undefined,
      // Each attachment is a file of its own in the file-access findings.
      attachments: named.length > 0 ? named : undefined,
      internetMessageId: text(field(item, 'InternetMessageId')) ?? undefined,
    },
  };
}

function ruleFacts(record: JsonObject): MailFacts {
  const parameters = new Map<string, string>();
  for (const parameter of list(field(record, 'Parameters')).filter(isObject)) {
    const name = text(field(parameter, 'Name'));
    const value = text(field(parameter, 'Value'));
    if (name !== null && value !== null) parameters.set(name.toLowerCase(), value);
  }
  const targets = FORWARDING_PARAMETERS.map((name) => parameters.get(name.toLowerCase())).filter(
    (value): value is string => value !== undefined,
  );
  const addresses = unique(targets.flatMap(readAddresses));
  const ruleName = parameters.get('name') ?? parameters.get('identity') ?? null;
  const attributes = {
    ruleName: ruleName ?? undefined,
    deleteMessage: parameters.get('deletemessage') ?? undefined,
    parameters: Object.fromEntries(parameters),
  };
  if (targets.length === 0) return { activity: 'other', attributes };
  return {
    activity: 'email_forward_rule',
    target: addresses.length > 0 ? addresses.join('; ') : targets.join('; '),
    attributes: { ...attributes, forwardTo: addresses },
  };
}

/** Addresses from a list (strings or `{Address}`/`{EmailAddress: {Address}}`) or a string. */
function readAddresses(value: unknown): string[] {
  const out: string[] = [];
  for (const entry of list(value)) {
    const candidate = isObject(entry)
      ? (text(field(entry, 'Address')) ?? text(field(field(entry, 'EmailAddress'), 'Address')))
      : text(entry);
    if (candidate === null) continue;
    for (const match of candidate.match(ADDRESS) ?? []) {
      const email = normalizeEmail(match);
      if (email !== null) out.push(email);
    }
  }
  return out;
}

/** Attachment names from `"a.pdf (1234b); b.docx (99b)"`, a list of names or objects, or a count. */
function readAttachments(value: unknown): string[] {
  // A bare count has no names; empty names keep the count right. Absurd counts are ignored.
  if (typeof value === 'number') {
    const count = Number.isSafeInteger(value) && value > 0 && value <= 1000 ? value : 0;
    return Array.from({ length: count }, () => '');
  }
  const entries = typeof value === 'string' ? value.split(';') : list(value);
  return entries
    .map((entry) => (isObject(entry) ? text(field(entry, 'Name')) : text(entry)))
    .filter((name): name is string => name !== null)
    .map((name) => name.replace(/\s*\(\d+b\)$/, ''));
}

/** How many messages a MailItemsAccessed record covers; Sentinel stores `Folders` as a JSON string. */
function countAccessedItems(value: unknown): number | undefined {
  let folders = value;
  if (typeof folders === 'string') {
    try {
      folders = JSON.parse(folders) as unknown;
    } catch {
      return undefined;
    }
  }
  const count = list(folders)
    .filter(isObject)
    .reduce((total, folder) => total + list(field(folder, 'FolderItems')).length, 0);
  return count > 0 ? count : undefined;
}
