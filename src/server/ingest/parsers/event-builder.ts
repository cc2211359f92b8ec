import type { Activity, EventSource, NormalizedEvent, Outcome } from '../../../shared/events';
import { fail } from '../errors';
import type { ActivityClass } from './activity-catalog';
import { activityCatalog } from './activity-catalog';

type FileInfo = NonNullable<NormalizedEvent['file']>;
type EmailInfo = NonNullable<NormalizedEvent['email']>;
type ChatInfo = NonNullable<NormalizedEvent['chat']>;
type DeviceInfo = NonNullable<NormalizedEvent['device']>;
type ProcessInfo = NonNullable<NormalizedEvent['process']>;

/** What a parser knows about an event; everything not given is null (or empty). */
export interface EventDraft {
  time: number;
  sourceEventId: string;
  activity: Activity;
  /** The source's own verb. */
  action: string;
  outcome?: Outcome;
  actorEmail?: string | null;
  actorId?: string | null;
  app?: string | null;
  ip?: string | null;
  location?: string | null;
  file?: Partial<FileInfo> | null;
  email?: EmailInfo | null;
  chat?: Partial<ChatInfo> | null;
  repository?: string | null;
  device?: Partial<DeviceInfo> | null;
  process?: Partial<ProcessInfo> | null;
  target?: string | null;
  attributes?: Record<string, unknown>;
  /** Replaces the catalog's class, e.g. for files on an endpoint. */
  classification?: ActivityClass;
}

/**
 * A NormalizedEvent from a draft, valid against normalizedEventSchema. Texts longer than the
 * schema allows are cut (the full value stays in `raw`), so a long command line or subject
 * never rejects a record. The types guarantee the rest of the shape except numeric ranges,
 * which are checked here; running the whole zod schema on every event would cost about 15% of
 * ingest throughput, so the parser tests validate every event they produce against it instead.
 */
export function buildEvent(
  source: EventSource,
  draft: EventDraft,
  raw: unknown,
  position: number,
): NormalizedEvent {
  const classification = draft.classification ?? activityCatalog[draft.activity];
  const event: NormalizedEvent = {
    source,
    sourceEventId: clip(draft.sourceEventId, 256),
    time: draft.time,
    classUid: classification.classUid,
    activityId: classification.activityId,
    category: classification.category,
    activity: draft.activity,
    action: clip(draft.action, 200),
    outcome: draft.outcome ?? 'unknown',
    actorEmail: clipOrNull(draft.actorEmail, 320),
    actorId: clipOrNull(draft.actorId, 256),
    app: clipOrNull(draft.app, 200),
    ip: clipOrNull(draft.ip, 64),
    location: clipOrNull(draft.location, 200),
    file: draft.file ? fileInfo(draft.file) : null,
    email: draft.email ? emailInfo(draft.email) : null,
    chat: draft.chat ? chatInfo(draft.chat) : null,
    repository: clipOrNull(draft.repository, 512),
    device: draft.device ? deviceInfo(draft.device) : null,
    process: draft.process ? processInfo(draft.process) : null,
    target: clipOrNull(draft.target, 1024),
    attributes: withoutUndefined(draft.attributes ?? {}),
    raw,
  };
  const problem = numericProblem(event);
  if (problem !== null) fail(position, `could not be normalized: ${problem}`);
  return event;
}

function fileInfo(file: Partial<FileInfo>): FileInfo {
  return {
    id: clipOrNull(file.id, 1024),
    name: clipOrNull(file.name, 1024),
    path: clipOrNull(file.path, 4096),
    size: file.size ?? null,
    label: clipOrNull(file.label, 100),
    destination: clipOrNull(file.destination, 200),
  };
}

function emailInfo(email: EmailInfo): EmailInfo {
  return {
    recipients: email.recipients.slice(0, 1000),
    external: email.external,
    domains: email.domains.slice(0, 1000).map((domain) => clip(domain, 255)),
    subject: clipOrNull(email.subject, 1000),
    attachments: email.attachments,
    size: email.size,
  };
}

function chatInfo(chat: Partial<ChatInfo>): ChatInfo {
  return {
    channel: clipOrNull(chat.channel, 256),
    external: chat.external ?? false,
    directMessage: chat.directMessage ?? false,
    text: clipOrNull(chat.text, 10000),
  };
}

function deviceInfo(device: Partial<DeviceInfo>): DeviceInfo {
  return {
    id: clipOrNull(device.id, 256),
    name: clipOrNull(device.name, 256),
    managed: device.managed ?? null,
    os: clipOrNull(device.os, 100),
    removableMedia: device.removableMedia ?? false,
  };
}

function processInfo(process: Partial<ProcessInfo>): ProcessInfo {
  return {
    name: clipOrNull(process.name, 1024),
    commandLine: clipOrNull(process.commandLine, 100000),
    parentName: clipOrNull(process.parentName, 1024),
  };
}

/** Cuts a text to the schema's limit. */
export function clip(value: string, max: number): string {
  return value.length <= max ? value : value.slice(0, max);
}

function clipOrNull(value: string | null | undefined, max: number): string | null {
  return value === null || value === undefined ? null : clip(value, max);
}

function withoutUndefined(attributes: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(attributes)) {
    if (value !== undefined) out[key] = value;
  }
  return out;
}

/** The schema's numeric rules TypeScript cannot express, or null when they hold. */
function numericProblem(event: NormalizedEvent): string | null {
  if (!Number.isSafeInteger(event.time)) return 'time: not a whole number of milliseconds';
  if (!isCount(event.file?.size ?? 0)) return 'file.size: not a whole number of bytes';
  if (event.email) {
    if (!isCount(event.email.attachments)) return 'email.attachments: not a count';
    if (!isCount(event.email.size ?? 0)) return 'email.size: not a whole number of bytes';
    if (event.email.recipients.some((address) => address.length > 320)) {
      return 'email.recipients: an address is longer than 320 characters';
    }
  }
  return null;
}

function isCount(value: number): boolean {
  return Number.isSafeInteger(value) && value >= 0;
}
