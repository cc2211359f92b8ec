/**
 * An incremental splitter for JSON text that holds many records, fed one chunk at a time.
 * It does not parse values: it tracks strings, escapes and nesting depth to find where each
 * record starts and ends, and hands back the record's text for JSON.parse. Memory is bounded by
 * the largest record, never by the file.
 *
 * Two layouts:
 * - `array`: one top-level array; each element is a record (position = 1-based index).
 * - `objects`: one or more top-level objects. An object holding an array under one of the
 *   wrapper keys (`{"entries": [...]}`) is an API page: each element of that array is a record.
 *   An object without such a key is itself a record (a pretty-printed single event).
 *   Positions keep counting across pages.
 */

/** What the scanner found: a record's JSON text, or a problem at a position. */
export type ScannedItem =
  { position: number; text: string } | { position: number; problem: string; fatal: boolean };

/** How the scanner reads its input. */
export interface JsonScannerOptions {
  layout: 'array' | 'objects';
  wrapperKeys: readonly string[];
  /** Longest record text accepted, in UTF-16 code units (about bytes for ASCII JSON). */
  maxRecordChars: number;
  /** Describes the limit in messages, e.g. "8 MiB". */
  limitLabel: string;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const MAX_KEY_CHARS = 256;

function isWhitespace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

/** See the module comment. Feed chunks in order, then call end() once. */
export class JsonRecordScanner {
  private readonly options: JsonScannerOptions;
  private readonly stack: number[] = [];
  private inString = false;
  private escaped = false;
  private started = false;
  private finished = false;
  private count = 0;
  private out: ScannedItem[] = [];
  private chunk = '';

  /** Stack depth just inside the array whose elements are records; 0 when not inside one. */
  private targetDepth = 0;
  private commaInTarget = false;

  private capturing = false;
  private captureStart = 0;
  private parts: string[] = [];
  private partsLength = 0;
  private tooLong = false;
  private hasContent = false;

  /** `objects` layout: the top-level object is captured whole until it proves to be a page. */
  private wholeObject = false;
  private expectingKey = false;
  private afterColon = false;
  private key: string | null = null;
  private keyBuffer: string | null = null;

  constructor(options: JsonScannerOptions) {
    this.options = options;
  }

  /** Scans the next chunk of text and returns what it completed. */
  feed(chunk: string): ScannedItem[] {
    this.out = [];
    if (this.finished) return this.out;
    this.chunk = chunk;
    this.captureStart = 0;
    for (let i = 0; i < chunk.length && !this.finished; i += 1) {
      const code = chunk.charCodeAt(i);
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (code === BACKSLASH) this.escaped = true;
        else if (code === QUOTE) this.closeString();
        else if (this.keyBuffer !== null && this.keyBuffer.length < MAX_KEY_CHARS) {
          this.keyBuffer += chunk[i];
        }
        continue;
      }
      if (!isWhitespace(code)) this.structural(code, i);
    }
    if (this.capturing && !this.finished) this.keepCapture(chunk.length);
    return this.out;
  }

  /** Reports what the end of input leaves unfinished. */
  end(): ScannedItem[] {
    this.out = [];
    if (this.finished) return this.out;
    if (this.inString || this.stack.length > 0) {
      this.fatal('unexpected end of input: the JSON is truncated');
    } else if (!this.started && this.options.layout === 'array') {
      this.fatal('the input is empty: expected a JSON array');
    }
    this.finished = true;
    return this.out;
  }

  private closeString(): void {
    this.inString = false;
    if (this.keyBuffer !== null) {
      this.key = this.keyBuffer;
      this.keyBuffer = null;
    }
  }

  private structural(code: number, index: number): void {
    const depth = this.stack.length;
    if (depth === 0) {
      this.topLevel(code, index);
      return;
    }
    if (depth === this.targetDepth) {
      if (code === COMMA) {
        this.commaInTarget = true;
        this.finishElement(index, false);
        this.startCapture(index + 1);
        return;
      }
      if (code === CLOSE_BRACKET) {
        this.finishElement(index, true);
        this.capturing = false;
        this.targetDepth = 0;
        this.stack.pop();
        if (this.stack.length === 0) this.started = true;
        return;
      }
    }
    if (this.capturing) this.hasContent = true;
    const pageLevel = this.options.layout === 'objects' && depth === 1;
    const valueStarts = pageLevel && this.afterColon && code !== COLON;
    if (valueStarts) this.afterColon = false;

    switch (code) {
      case QUOTE:
        this.inString = true;
        if (pageLevel && this.expectingKey) this.keyBuffer = '';
        return;
      case OPEN_BRACKET:
        if (valueStarts && this.key !== null && this.options.wrapperKeys.includes(this.key)) {
          this.enterPage(index);
          return;
        }
        this.stack.push(code);
        return;
      case OPEN_BRACE:
        this.stack.push(code);
        return;
      case CLOSE_BRACE:
      case CLOSE_BRACKET:
        this.close(code, index);
        return;
      case COLON:
        if (pageLevel) {
          this.expectingKey = false;
          this.afterColon = true;
        }
        return;
      case COMMA:
        if (pageLevel) this.expectingKey = true;
        return;
      default:
        return;
    }
  }

  private topLevel(code: number, index: number): void {
    if (this.options.layout === 'array') {
      if (this.started) {
        this.fatal('unexpected text after the end of the JSON array');
        return;
      }
      if (code !== OPEN_BRACKET) {
        this.fatal('expected a JSON array: the input does not start with "["');
        return;
      }
      this.stack.push(code);
      this.targetDepth = 1;
      this.commaInTarget = false;
      this.startCapture(index + 1);
      return;
    }
    if (code !== OPEN_BRACE) {
      this.fatal('expected a JSON object: the text between objects is not JSON');
      return;
    }
    this.stack.push(code);
    this.expectingKey = true;
    this.afterColon = false;
    this.key = null;
    this.wholeObject = true;
    this.startCapture(index);
    this.hasContent = true;
  }

  private enterPage(index: number): void {
    // The object is a page, not a record: forget its text and stream the array's elements.
    this.wholeObject = false;
    this.stack.push(OPEN_BRACKET);
    this.targetDepth = this.stack.length;
    this.commaInTarget = false;
    this.startCapture(index + 1);
  }

  private close(code: number, index: number): void {
    const open = this.stack.pop();
    const expected = code === CLOSE_BRACE ? OPEN_BRACE : OPEN_BRACKET;
    if (open !== expected) {
      this.fatal(
        `not valid JSON: "${String.fromCharCode(code)}" does not match an opening bracket`,
      );
      return;
    }
    if (this.stack.length > 0) return;
    this.started = true;
    if (this.wholeObject) {
      this.wholeObject = false;
      this.emitCapture(index + 1);
      this.capturing = false;
    }
  }

  private startCapture(index: number): void {
    this.capturing = true;
    this.captureStart = index;
    this.parts = [];
    this.partsLength = 0;
    this.tooLong = false;
    this.hasContent = false;
  }

  private keepCapture(end: number): void {
    if (this.tooLong) return;
    const piece = this.chunk.slice(this.captureStart, end);
    this.partsLength += piece.length;
    if (this.partsLength > this.options.maxRecordChars) {
      this.tooLong = true;
      this.parts = [];
      return;
    }
    this.parts.push(piece);
  }

  private finishElement(index: number, closing: boolean): void {
    if (!this.hasContent) {
      // `[]` is an empty array; `[1,,2]` and `[1,]` are missing an element.
      if (closing && this.count === 0 && !this.commaInTarget) return;
      this.count += 1;
      this.out.push({
        position: this.count,
        problem: 'no record here: the array has two commas in a row or a comma before "]"',
        fatal: false,
      });
      return;
    }
    this.emitCapture(index);
  }

  private emitCapture(end: number): void {
    this.keepCapture(end);
    this.count += 1;
    if (this.tooLong) {
      this.out.push({
        position: this.count,
        problem: `the record is larger than the ${this.options.limitLabel} limit for one record`,
        fatal: false,
      });
    } else {
      this.out.push({ position: this.count, text: this.parts.join('') });
    }
    this.parts = [];
    this.partsLength = 0;
    this.hasContent = false;
  }

  private fatal(problem: string): void {
    this.out.push({ position: this.count + 1, problem, fatal: true });
    this.finished = true;
    this.capturing = false;
  }
}
