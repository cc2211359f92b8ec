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
import type { FormatRouter } from './format-router';
import type { IdentityDirectory } from './identity-directory';
import { SkipCounter } from './skip-counts';
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
  /** Records rejected; the batch is written only when this is 0. */
  rejected: number;
  errors: IngestError[];
  /** Set when the input is of another format than the source: reading stopped early. */
  wrongFormat: string | null;
  /** The time of the batch's oldest event (null: none), for the retention warning. */
  oldestEvent: number | null;
}

/** Everything reading needs besides the records. */
export interface BatchContext {
  router: FormatRouter;
  directory: IdentityDirectory;
  stage: BatchStage;
  integrationId: string | null;
  now: number;
  onProgress?: ((progress: IngestProgress) => void) | undefined;
}

function article(noun: string): string {
  return /^[aeiou]/i.test(noun) ? 'an' : 'a';
}

/**
 * Reads every record of a batch through the source's parser, resolving employees as it goes,
 * and stages the rows. Bad records are counted and the first 100 kept with their positions;
 * once one is found nothing more is staged (the batch will not be written) but reading goes on,
 * so the reply lists every problem at once. A file whose first records are all of another
 * format stops at once with one reason.
 */
export async function readBatch(
  records: AsyncIterable<FramedItem>,
  context: BatchContext,
): Promise<BatchReading> {
  const reading: BatchReading = {
    records: 0,
    events: 0,
    skipped: 0,
    skips: [],
    formats: [],
    employees: 0,
    rejected: 0,
    errors: [],
    wrongFormat: null,
    oldestEvent: null,
  };
  const { router, directory, stage } = context;
  const skips = new SkipCounter();
  let events: EventValues[] = [];
  let employees: EmployeeValues[] = [];
  const probe: Array<{ position: number; why: string | null }> = [];
  /** Emails of HR records in this batch, to refuse one email for two employees. */
  const batchEmails = new Map<string, string>();

  const reject = (error: RecordError): void => {
    reading.rejected += 1;
    if (reading.errors.length < MAX_REPORTED_ERRORS) {
      reading.errors.push({ position: error.position, reason: error.reason });
    }
  };
  let discarded = false;
  const flush = async (): Promise<void> => {
    if (reading.rejected === 0) {
      if (employees.length > 0) await stage.addEmployees(employees);
      if (events.length > 0) await stage.addEvents(events);
    } else if (!discarded) {
      // The batch will not be written: give back what it holds (an open transaction) at once.
      discarded = true;
      await stage.discard();
    }
    events = [];
    employees = [];
  };
  /** `source` is the record the items came from; its text is `raw` of events that keep it whole. */
  const take = (items: readonly ParsedItem[], source?: FramedItem & { ok: true }): void => {
    for (const item of items) {
      if (item.kind === 'event') {
        reading.events += 1;
        if (reading.rejected > 0) continue;
        const { event } = item;
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
          reject(
            new RecordError(
              item.position,
              `the email ${email} already belongs to employee ${owner}; one email cannot name two employees`,
            ),
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
      reject(item.error);
    } else {
      if (probe.length < FORMAT_PROBE) {
        probe.push({ position: item.position, why: router.mismatch(item.value) });
        if (probe.length === FORMAT_PROBE && probe.every((p) => p.why !== null)) break;
      }
      const placement = router.place(item.value);
      if (placement === null) {
        const tried = triedFormats(item.value);
        reject(new RecordError(item.position, `no format Vigil reads fits it (tried ${tried})`));
      } else {
        try {
          take(placement.session.push(item.value, item.position), item);
        } catch (error) {
          reject(asRecordError(error, item.position));
        }
      }
    }
    if (events.length >= stage.chunkRows || employees.length >= stage.chunkRows) await flush();
    if (reading.records % PROGRESS_EVERY === 0) {
      context.onProgress?.({
        phase: 'reading',
        records: reading.records,
        events: reading.events,
        rejected: reading.rejected,
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
    const reason = router.detecting
      ? `fits none of the formats Vigil reads (tried ${first.why})`
      : `does not look like ${article(`${router.label} record`)} ${router.label} record: ${first.why}`;
    reading.wrongFormat = `record ${first.position} ${reason}`;
    reading.rejected = probe.length;
    reading.errors = [{ position: first.position, reason }];
    return reading;
  }
  for (const end of router.end()) {
    try {
      take(end());
    } catch (error) {
      reject(asRecordError(error, reading.records));
    }
  }
  reading.skips = skips.list();
  await flush();
  return reading;
}
