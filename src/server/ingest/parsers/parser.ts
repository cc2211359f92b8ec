import type { EmployeeRecord, EventSource, NormalizedEvent } from '../../../shared/events';
import type { Framing } from '../framing/types';

/**
 * The contract every source parser follows.
 *
 * A parser is one object per source format (okta.ts, slack.ts...). The ingest pipeline opens an
 * upload with the framing readers (../framing/read-records.ts), creates one session per upload,
 * pushes each record with its position, and calls end() once:
 *
 * ```ts
 * const { records } = await openRecords(body);
 * const session = parsers.okta.create({ companyDomains: ['acme.com'] });
 * for await (const item of records) {
 *   if (!item.ok) { errors.push(item.error); continue; }
 *   try { items.push(...session.push(item.value, item.position)); }
 *   catch (error) { errors.push(asRecordError(error, item.position)); }
 * }
 * try { items.push(...session.end()); } catch (error) { errors.push(asRecordError(error, 0)); }
 * ```
 *
 * push() and end() throw a RecordError for a bad record (no time, no actor, another format, a
 * time in the future...) and the session stays usable for the next record. A push may return
 * nothing (the first parts of a multi-part PowerShell script block, completed by a later push or
 * by end()). Parsers never write anywhere: they turn records into normalized events and
 * employee records, nothing else. Flagging risky behaviour is the detectors' job.
 */

/**
 * What a record turned into. One record may give several items (a Google activity's events).
 * `skipped` marks a well-formed record the parser deliberately does not turn into an event (a
 * Windows event id Vigil does not read, an empty API page), so an upload summary can say why a
 * file gave fewer events than records.
 */
export type ParsedItem =
  | { kind: 'event'; event: NormalizedEvent; position: number }
  | { kind: 'employee'; employee: EmployeeRecord; position: number }
  | { kind: 'skipped'; reason: string; position: number };

/*
 * A skip reason names a kind of record, not one record, so an upload's summary can count them:
 * "<what>: <why>", e.g. "Sysmon 7 image load: not used by any finding". The summary shows it as
 * "Sysmon 7 image load: 21 skipped, not used by any finding" (see pipeline/skip-counts.ts).
 */

/** One pass over one upload. */
export interface ParserSession {
  /** Parses one record; throws RecordError when the record cannot be ingested. */
  push(record: unknown, position: number): ParsedItem[];
  /** Flushes what was waiting for more records (script blocks missing parts); call once. */
  end(): ParsedItem[];
}

/** Deployment facts a parser needs to normalize records. */
export interface ParserOptions {
  /** The organisation's own email domains; subdomains count. Anything else is external. */
  companyDomains: readonly string[];
  /** Free-mail domains: mail or shares to them get the destination `personal_email`. */
  personalEmailDomains: readonly string[];
  /** Epoch ms used to reject times more than a day in the future. */
  now: number;
  /**
   * Maps a source account that is not an email (GitHub login, `CORP\jdoe`, a SID) to the
   * employee's email; return null when unknown and the account stays in `actorId`.
   */
  accountToEmail: (account: string) => string | null | undefined;
  /** Windows drive letters treated as removable media, e.g. `E:`. See windows-files.ts. */
  removableDrives: readonly string[];
  /**
   * The time given to a record that has none, when its integration asks for it (the time the
   * batch was received); null quarantines such records.
   */
  undatedTime: number | null;
}

/** A parser for one source format. */
export interface SourceParser {
  readonly source: EventSource;
  /** Name shown to people, e.g. "Okta System Log". */
  readonly label: string;
  /** One sentence on what the parser reads, for the integrations page. */
  readonly description: string;
  /** How files of this format usually arrive; any framing works. */
  readonly framings: readonly Framing[];
  /** Cheap check that a record looks like this format, to reject a file of another format early. */
  looksLike(record: unknown): boolean;
  /**
   * Whether a record is of this format, for uploads that do not name their source (`auto`).
   * Every parser's detect is asked (./detect-format.ts), so it must be cheap and must not
   * claim another format's records: a unit test feeds each parser every other one's records.
   */
  detect(record: unknown): boolean;
  /** Why a record does not look like this format ("it has no `eventType`"), or null. */
  mismatch(record: unknown): string | null;
  /** Starts a session; options not given take {@link defaultParserOptions}. */
  create(options?: Partial<ParserOptions>): ParserSession;
}

/** Common free-mail providers; deployments extend the list in their configuration. */
export const defaultPersonalEmailDomains: readonly string[] = [
  'gmail.com',
  'googlemail.com',
  'yahoo.com',
  'ymail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'pm.me',
  'gmx.com',
  'gmx.net',
  'mail.com',
  'yandex.com',
  'zoho.com',
  'fastmail.com',
  'tutanota.com',
];

/** Drives that are removable on a usual Windows layout (C: system, D: second disk or DVD). */
export const defaultRemovableDrives: readonly string[] = ['E:', 'F:', 'G:', 'H:'];

/** Fills the options a caller left out. */
export function resolveParserOptions(options: Partial<ParserOptions> = {}): ParserOptions {
  return {
    companyDomains: (options.companyDomains ?? []).map((domain) => domain.toLowerCase()),
    personalEmailDomains: (options.personalEmailDomains ?? defaultPersonalEmailDomains).map(
      (domain) => domain.toLowerCase(),
    ),
    now: options.now ?? Date.now(),
    accountToEmail: options.accountToEmail ?? (() => null),
    removableDrives: (options.removableDrives ?? defaultRemovableDrives).map((drive) =>
      drive.toUpperCase(),
    ),
    undatedTime: options.undatedTime ?? null,
  };
}
