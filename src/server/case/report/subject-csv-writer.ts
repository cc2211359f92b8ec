import { eventSummary } from '../../presenters/event';
import type { ExportEventTuple } from '../../db/queries/case-export';
import { EVENT_COLUMNS } from '../../db/queries/event-columns';
import type { EventListRow } from '../../db/queries/event-columns';
import { csvField, csvText } from './csv';

/**
 * One page of the subject timeline's CSV as the writer made it, before anyone redacted it. The
 * writer numbers each distinct cell (a column's text, or a sentence) the first time it meets
 * it; the redactor's verdict on a cell is taken once, where the redactor is (see CleanPages).
 */
export interface SubjectCsvPage {
  /** The page's lines, UTF-8. */
  bytes: Uint8Array;
  /** The number of the first cell met for the first time on this page. */
  firstFresh: number;
  /** The text of each cell met for the first time on this page, numbered from firstFresh. */
  fresh: string[];
  /** The numbers of the distinct cells this page holds. */
  used: Int32Array;
  /** The bytes as a ZIP's deflate segment, where the thread that wrote them made one too. */
  deflated?: Uint8Array;
}

/** The fields the sentence (eventSummary) is made of. */
const SUMMARY_FIELDS = [
  'activity',
  'action',
  'outcome',
  'app',
  'target',
  'file_name',
  'file_label',
  'file_destination',
  'repository',
  'chat_channel',
  'email_subject',
  'command_line',
  'process_name',
] as const;
const SUMMARY_INDEXES = SUMMARY_FIELDS.map((field) => EVENT_COLUMNS.indexOf(field));

const DAY = 86_400_000;
const TWO = Array.from({ length: 60 }, (_, i) => String(i).padStart(2, '0'));
const THREE = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, '0'));

/**
 * ISO 8601 times (UTC, milliseconds) of a timeline read in order: the date part is made once
 * per day and the time of day from two- and three-digit tables, instead of a Date per row.
 */
class IsoTimes {
  #day = Number.NaN;
  #prefix = '';

  format(ms: number): string {
    let t = ms - this.#day;
    if (!(t >= 0 && t < DAY)) {
      this.#day = ms - (((ms % DAY) + DAY) % DAY);
      this.#prefix = new Date(this.#day).toISOString().slice(0, 11);
      t = ms - this.#day;
    }
    const h = Math.floor(t / 3_600_000);
    const m = Math.floor(t / 60_000) % 60;
    const s = Math.floor(t / 1000) % 60;
    return `${this.#prefix}${TWO[h]}:${TWO[m]}:${TWO[s]}.${THREE[t % 1000]}Z`;
  }
}

/**
 * How many distinct values of one column are remembered before the column starts afresh. A
 * column's values repeat close together (rows come in time order), so a short memory finds
 * most repeats: on the SQLite bench case 4,096 (not 20,000) lowered the export's peak RSS by
 * 21 MB, each worker's heap from about 60 to 40 MB, for the same CPU.
 */
const MAX_CELLS = 4096;

/** A distinct value's CSV text, its number, and the last page that held it. */
interface Cell {
  text: string;
  id: number;
  page: number;
}

/** Numbers cells as they are first met, and collects a page's fresh and used ones. */
class CellNumbers {
  next = 0;
  page = 0;
  fresh: string[] = [];
  used: number[] = [];

  /** The cell as this page uses it: its text, its number noted once per page. */
  use(cell: Cell): string {
    if (cell.page !== this.page) {
      cell.page = this.page;
      this.used.push(cell.id);
    }
    return cell.text;
  }
}

/** The cells of one column's distinct values, each CSV-encoded once; starts afresh past MAX_CELLS. */
class CellCache {
  readonly #cells = new Map<string, Cell>();
  readonly #numbers: CellNumbers;
  /** The last value asked for: rows in time order often repeat it, and no hash is needed. */
  #lastValue: string | null = null;
  #last: Cell | null = null;

  constructor(numbers: CellNumbers) {
    this.#numbers = numbers;
  }

  of(value: string): Cell {
    if (value === this.#lastValue) return this.#last!;
    let cell = this.#cells.get(value);
    if (cell === undefined) {
      const text = csvText(value);
      const numbers = this.#numbers;
      cell = { text, id: numbers.next++, page: 0 };
      numbers.fresh.push(text);
      if (this.#cells.size >= MAX_CELLS) this.#cells.clear();
      this.#cells.set(value, cell);
    }
    this.#lastValue = value;
    this.#last = cell;
    return cell;
  }
}

/**
 * Writes the subject timeline's rows (in EVENT_COLUMNS' order, oldest first) as CSV pages. A
 * million rows make this the export's one big file, so a line is written straight from the
 * row's array: one object (reused) carries the fields of the sentence, and no array or object is
 * made per row. Each distinct text of a column, and each distinct sentence, is encoded once
 * and numbered, so whoever redacts sees it once (CleanPages). The first two cells, the event's
 * id and its time in ISO 8601, are digits and punctuation, which name nobody (tokens that start
 * with a digit are passed over by the redactor), and so are numbers: they are not numbered.
 * It holds no redactor, so it can run on a worker thread.
 */
export class SubjectCsvWriter {
  readonly #times = new IsoTimes();
  readonly #fields: Record<string, unknown> = {};
  readonly #numbers = new CellNumbers();
  readonly #cells = Array.from(
    { length: EVENT_COLUMNS.length },
    () => new CellCache(this.#numbers),
  );
  readonly #summaries = new CellCache(this.#numbers);

  constructor() {
    for (const field of SUMMARY_FIELDS) this.#fields[field] = null;
  }

  page(rows: readonly ExportEventTuple[]): SubjectCsvPage {
    const numbers = this.#numbers;
    numbers.page += 1;
    const firstFresh = numbers.next;
    const fields = this.#fields;
    const summaryRow = fields as unknown as EventListRow;
    const cells = this.#cells;
    const columns = cells.length;
    const lines = new Array<string>(rows.length);
    let n = 0;
    for (const r of rows) {
      for (let i = 0; i < SUMMARY_FIELDS.length; i++)
        fields[SUMMARY_FIELDS[i]!] = r[SUMMARY_INDEXES[i]!];
      // The row is in EVENT_COLUMNS' order, which the header follows: the id, the time
      // in ISO 8601, the fields as stored, and a sentence.
      let line = `${Number(r[0])},${this.#times.format(Number(r[1]))}`;
      for (let i = 2; i < columns; i++) {
        const value = r[i];
        if (value === null || value === undefined) line += ',';
        else if (typeof value === 'string') line += `,${numbers.use(cells[i]!.of(value))}`;
        else line += `,${csvField(value)}`;
      }
      const summary = numbers.use(this.#summaries.of(eventSummary(summaryRow)));
      lines[n++] = `${line},${summary}\r\n`;
    }
    // Joined once: lines added one by one to a string make a rope the encoder reads slowly.
    const page: SubjectCsvPage = {
      bytes: Buffer.from(lines.join('')),
      firstFresh,
      fresh: numbers.fresh,
      used: Int32Array.from(numbers.used),
    };
    numbers.fresh = [];
    numbers.used = [];
    return page;
  }
}

/** A page as the export writes it: its bytes, and its worker-made segment while still valid. */
export interface RedactedPage {
  bytes: Buffer;
  deflated?: Uint8Array;
}

/**
 * The redactor's verdicts on a writer's cells, taken once per cell. A cell is clean when the
 * redactor leaves it as it is and it does not start with white space: the redactor reads a name
 * across a comma only when a space follows it ("Okafor, Maya"), and no other match crosses a
 * comma or a line break, so a page of clean cells is its own redaction. Any other page passes
 * the redactor whole, as every chunk of the export does.
 */
export class CleanPages {
  readonly #clean: boolean[] = [];
  readonly #redact: (text: string) => string;

  constructor(redact: (text: string) => string) {
    this.#redact = redact;
  }

  /**
   * The page's bytes as the export writes them (a Buffer: it reads as its text), with its
   * deflated segment when the redactor leaves them as they are.
   */
  redacted(page: SubjectCsvPage): RedactedPage {
    const clean = this.#clean;
    if (page.firstFresh !== clean.length)
      throw new Error(`Timeline page out of order: cell ${page.firstFresh}, ${clean.length} known`);
    for (const text of page.fresh) {
      const first = text.charCodeAt(0);
      clean.push(first !== 32 && first !== 9 && first !== 160 && this.#redact(text) === text);
    }
    const { buffer, byteOffset, byteLength } = page.bytes;
    const bytes = Buffer.from(buffer, byteOffset, byteLength);
    for (const id of page.used)
      if (!clean[id]) return { bytes: Buffer.from(this.#redact(bytes.toString())) };
    return { bytes, deflated: page.deflated };
  }
}
