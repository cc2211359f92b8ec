import { asRecordError, RecordError } from '../errors';
import type { FramedItem } from '../framing/types';
import type { FormatCount, SkipCount } from '../../../shared/schemas/integrations';
import type { ParsedItem } from '../parsers/parser';
import { triedFormats } from '../parsers/detect-format';
import { parserFor } from '../parsers/index';
import type { EventValues } from '../store/event-row';
import { eventValues } from '../store/event-row';
import type { BatchStage, EmployeeValues } from '../store/staged-rows';
import { employeeValues } from '../store/staged-rows';
import type { QuarantineValues } from '../quarantine/quarantine-row';
import { storableRaw } from '../quarantine/quarantine-row';
import type { FormatRouter } from './format-router';
import type { IdentityDirectory } from './identity-directory';
import { OTHER_QUARANTINE_REASONS, SkipCounter } from './skip-counts';
import type { IngestError, IngestProgress } from './types';
import { MAX_REPORTED_ERRORS } from './types';

/** Progress is reported every so many records. */
const PROGRESS_EVERY = 20_000;
/** A file whose first records all fail the format check is of another format. */
const FORMAT_PROBE = 3;

/** What reading a batch found. */
export interface BatchReading {
  records: number;
  events: number;
  skipped: number;
  /** Skipped records by kind, most frequent first. */
  skips: SkipCount[];
  /** Records read as each format. */
  formats: FormatCount[];
  employees: number;
  /** Records set aside in quarantine (written with the batch), and by reason. */
  quarantined: number;
  quarantines: SkipCount[];
  /** Records rejected: only a file of another format (see wrongFormat), which is refused whole. */
  rejected: number;
  /** The first quarantined records (or the refusal), with their positions. */
  errors: IngestError[];
  /** Set when the input is of another format than the source: reading stopped early. */
  wrongFormat: string | null;
  /** The time of the batch's oldest event (null: none), for the retention warning. */
  oldestEvent: number | null;
  /** Set when the input was refused whole before any record (binary, not text): the sentence. */
  refusal?: string;
}

/** A reading of no records yet: where a batch's reading starts. */
function emptyReading(): BatchReading {
  return {
    records: 0,
    events: 0,
    skipped: 0,
    skips: [],
    formats: [],
    employees: 0,
    quarantined: 0,
    quarantines: [],
    rejected: 0,
    errors: [],
    wrongFormat: null,
    oldestEvent: null,
  };
}

/** The reading of an input refused whole before any record was read. */
export function refusedReading(refusal: string): BatchReading {
  return { ...emptyReading(), refusal };
}

/** Everything reading needs besides the records. */
export interface BatchContext {
  router: FormatRouter;
  directory: IdentityDirectory;
  stage: BatchStage;
  integrationId: string | null;
  now: number;
  /** False for a retry of quarantined records: do not refuse them as a file of another format. */
  probeFormat?: boolean | undefined;
  /** Kinds of records the integration drops on purpose (matched against an event's action). */
  dropKinds?: readonly string[] | undefined;
  onProgress?: ((progress: IngestProgress) => void) | undefined;
}

/** The text a record is quarantined with: as read when the framing kept it, else as JSON. */
function recordText(item: FramedItem): string {
  if (item.text !== undefined) return item.text;
  if (!item.ok) return '';
  try {
    return JSON.stringify(item.value) ?? '';
  } catch {
    return '';
  }
}

/** True when an event's kind is one the integration drops ("Sysmon 7" drops "Sysmon 7 image load"). */
function dropped(action: string, dropKinds: readonly string[]): string | null {
  const lower = action.toLowerCase();
  for (const kind of dropKinds) {
    const wanted = kind.toLowerCase();
    if (lower === wanted || lower.startsWith(`${wanted} `)) return kind;
  }
  return null;
}

/**
 * Reads every record of a batch through the source's parser, resolving employees as it goes,
 * and stages the rows. A record that cannot become an event (malformed, no time, no format
 * fits, a parser error) is set aside in quarantine with its position, reason and text, staged
 * with the batch so it is written in the same transaction; the first 100 are listed in
 * `errors`. A file whose first records are all of another format stops at once with one
 * reason, and nothing of it is written.
 */
export async function readBatch(
  records: AsyncIterable<FramedItem>,
  context: BatchContext,
): Promise<BatchReading> {
  const reading = emptyReading();
  const { router, directory, stage } = context;
  const dropKinds = context.dropKinds ?? [];
  const skips = new SkipCounter();
  const reasons = new SkipCounter(OTHER_QUARANTINE_REASONS);
  let events: EventValues[] = [];
  let employees: EmployeeValues[] = [];
  let quarantined: QuarantineValues[] = [];
  const probe: Array<{ position: number; why: string | null }> = [];
  /** Emails of HR records in this batch, to refuse one email for two employees. */
  const batchEmails = new Map<string, string>();

  const quarantine = (error: RecordError, text: string): void => {
    reading.quarantined += 1;
    reasons.add(error.reason);
    if (reading.errors.length < MAX_REPORTED_ERRORS) {
      reading.errors.push({ position: error.position, reason: error.reason });
    }
    quarantined.push({ position: error.position, reason: error.reason, ...storableRaw(text) });
  };
  const flush = async (): Promise<void> => {
    if (employees.length > 0) await stage.addEmployees(employees);
    if (events.length > 0) await stage.addEvents(events);
    if (quarantined.length > 0) await stage.addQuarantined(quarantined);
    events = [];
    employees = [];
    quarantined = [];
  };
  /** `source` is the record the items came from; its text is `raw` of events that keep it whole. */
  const take = (items: readonly ParsedItem[], source?: FramedItem & { ok: true }): void => {
    for (const item of items) {
      if (item.kind === 'event') {
        const { event } = item;
        const drop = dropKinds.length > 0 ? dropped(event.action, dropKinds) : null;
        if (drop !== null) {
          reading.skipped += 1;
          skips.add(`${drop}: dropped by this integration's settings`);
          continue;
        }
        reading.events += 1;
        if (reading.oldestEvent === null || event.time < reading.oldestEvent)
          reading.oldestEvent = event.time;
        const employeeId = directory.employeeIdOf(event.actorEmail?.toLowerCase() ?? null);
        const rawText =
          source !== undefined && event.raw === source.value ? source.text : undefined;
        events.push(eventValues(event, employeeId, context.now, context.integrationId, rawText));
      } else if (item.kind === 'employee') {
        const { employee } = item;
        const email = employee.email.toLowerCase();
        const owner = batchEmails.get(email) ?? directory.ownerOf(email);
        if (owner !== undefined && owner !== employee.id) {
          quarantine(
            new RecordError(
              item.position,
              `the email ${email} already belongs to employee ${owner}; one email cannot name two employees`,
            ),
            source === undefined ? '' : recordText(source),
          );
          continue;
        }
        batchEmails.set(email, employee.id);
        directory.add(employee.id, email);
        reading.employees += 1;
        employees.push(employeeValues(employee));
      } else {
        reading.skipped += 1;
        skips.add(item.reason);
      }
    }
  };

  for await (const item of records) {
    reading.records += 1;
    if (!item.ok) {
      quarantine(item.error, recordText(item));
    } else {
      if (context.probeFormat !== false && probe.length < FORMAT_PROBE) {
        probe.push({ position: item.position, why: router.mismatch(item.value) });
        if (probe.length === FORMAT_PROBE && probe.every((p) => p.why !== null)) break;
      }
      const placement = router.place(item.value);
      if (placement !== null && 'refused' in placement) {
        quarantine(new RecordError(item.position, placement.refused), recordText(item));
      } else if (placement === null) {
        const tried = triedFormats(item.value);
        quarantine(
          new RecordError(item.position, `no format Vigil reads fits it (tried ${tried})`),
          recordText(item),
        );
      } else {
        try {
          take(placement.session.push(item.value, item.position), item);
        } catch (error) {
          quarantine(asRecordError(error, item.position), recordText(item));
        }
      }
    }
    if (
      events.length >= stage.chunkRows ||
      employees.length >= stage.chunkRows ||
      quarantined.length >= stage.chunkRows
    ) {
      await flush();
    }
    if (reading.records % PROGRESS_EVERY === 0) {
      context.onProgress?.({
        phase: 'reading',
        records: reading.records,
        events: reading.events,
        rejected: reading.quarantined,
      });
    }
  }
  reading.formats = [...router.placed].map(([source, records]) => ({
    source,
    label: parserFor(source)?.label ?? source,
    records,
  }));
  if (probe.length > 0 && probe.every((p) => p.why !== null)) {
    const first = probe[0]!;
    const reason = router.refusal(first.why!);
    reading.wrongFormat = `record ${first.position} ${reason}`;
    reading.rejected = probe.length;
    reading.quarantined = 0;
    reading.errors = [{ position: first.position, reason }];
    return reading;
  }
  for (const end of router.end()) {
    try {
      take(end());
    } catch (error) {
      // What a session held back (a script block missing parts) has no one record's text.
      quarantine(asRecordError(error, reading.records), '');
    }
  }
  reading.skips = skips.list();
  reading.quarantines = reasons.list();
  await flush();
  return reading;
}
