import { RecordError } from '../errors';
import { textChunks } from './byte-chunks';
import type { ByteSource, FramedItem, FramingOptions } from './types';
import { DEFAULT_MAX_RECORD_BYTES, formatBytes } from './types';

type State = 'fieldStart' | 'unquoted' | 'quoted' | 'quoteInQuoted';

/**
 * Reads CSV with a header row (RFC 4180: comma separated, fields quoted with `"`, a quote inside
 * a quoted field doubled, line breaks allowed inside quotes, LF or CRLF). Each row becomes an
 * object keyed by the header; values stay strings. Position = the line the row starts on, so the
 * first data row is line 2. Blank lines are skipped. A row with the wrong number of fields is
 * reported and reading goes on; an unclosed quote at the end of input ends the stream.
 */
export async function* readCsv(
  source: ByteSource,
  options: FramingOptions = {},
): AsyncGenerator<FramedItem> {
  const reader = new CsvRowReader(options.maxRecordBytes ?? DEFAULT_MAX_RECORD_BYTES);
  for await (const text of textChunks(source)) {
    yield* reader.feed(text);
    if (reader.stopped) return;
  }
  yield* reader.end();
}

class CsvRowReader {
  stopped = false;
  private readonly limit: number;
  private state: State = 'fieldStart';
  private header: string[] | null = null;
  private fields: string[] = [];
  private field = '';
  private quotedRow = false;
  private line = 1;
  private rowLine = 1;
  private rowChars = 0;
  private tooLong = false;
  private out: FramedItem[] = [];

  constructor(limit: number) {
    this.limit = limit;
  }

  feed(text: string): FramedItem[] {
    this.out = [];
    for (let i = 0; i < text.length && !this.stopped; i += 1) {
      const ch = text[i]!;
      if (ch === '\n') this.line += 1;
      this.rowChars += 1;
      if (this.rowChars > this.limit) this.tooLong = true;
      this.step(ch);
    }
    return this.out;
  }

  end(): FramedItem[] {
    this.out = [];
    if (this.stopped) return this.out;
    if (this.state === 'quoted') {
      const reason =
        'unexpected end of input: a quoted field is never closed (the CSV is truncated)';
      this.out.push(this.error(this.rowLine, reason));
      this.stopped = true;
      return this.out;
    }
    if (this.fields.length > 0 || this.field.length > 0 || this.quotedRow) this.endRow();
    return this.out;
  }

  private step(ch: string): void {
    switch (this.state) {
      case 'fieldStart':
        if (ch === '"') {
          this.state = 'quoted';
          this.quotedRow = true;
        } else this.unquoted(ch);
        return;
      case 'unquoted':
        this.unquoted(ch);
        return;
      case 'quoted':
        if (ch === '"') this.state = 'quoteInQuoted';
        else this.append(ch);
        return;
      case 'quoteInQuoted':
        if (ch === '"') {
          this.append('"');
          this.state = 'quoted';
        } else if (ch === ',' || ch === '\n' || ch === '\r') {
          this.unquoted(ch);
        } else {
          // `"abc"def` is not RFC 4180; keep the text rather than reject the row.
          this.append(ch);
          this.state = 'unquoted';
        }
        return;
    }
  }

  private unquoted(ch: string): void {
    if (ch === ',') {
      this.fields.push(this.field);
      this.field = '';
      this.state = 'fieldStart';
    } else if (ch === '\n') {
      this.endRow();
    } else if (ch !== '\r') {
      this.append(ch);
      this.state = 'unquoted';
    }
  }

  private append(ch: string): void {
    if (!this.tooLong) this.field += ch;
  }

  private endRow(): void {
    this.fields.push(this.field);
    const fields = this.fields;
    const line = this.rowLine;
    const blank = fields.length === 1 && fields[0] === '' && !this.quotedRow;
    const tooLong = this.tooLong;
    this.fields = [];
    this.field = '';
    this.state = 'fieldStart';
    this.quotedRow = false;
    this.rowChars = 0;
    this.tooLong = false;
    this.rowLine = this.line;
    if (blank) return;
    if (tooLong) {
      this.out.push(
        this.error(
          line,
          `the row is longer than the ${formatBytes(this.limit)} limit for one record`,
        ),
      );
    } else if (this.header === null) {
      this.takeHeader(fields, line);
    } else if (fields.length !== this.header.length) {
      const reason = `has ${fields.length} fields but the header row has ${this.header.length}; quote values that contain commas`;
      this.out.push(this.error(line, reason));
    } else {
      const header = this.header;
      const value = Object.fromEntries(header.map((name, index) => [name, fields[index]]));
      this.out.push({ ok: true, position: line, value });
    }
  }

  private takeHeader(fields: string[], line: number): void {
    const names = fields.map((name) => name.trim());
    const seen = new Set<string>();
    for (const [index, name] of names.entries()) {
      const problem =
        name.length === 0
          ? `column ${index + 1} of the header row has no name`
          : seen.has(name)
            ? `the header row names the column "${name}" twice`
            : null;
      if (problem !== null) {
        this.out.push(this.error(line, problem));
        this.stopped = true;
        return;
      }
      seen.add(name);
    }
    this.header = names;
  }

  private error(line: number, reason: string): FramedItem {
    return { ok: false, position: line, error: new RecordError(line, reason, { unit: 'line' }) };
  }
}
