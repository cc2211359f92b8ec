import type { EventSource } from '../../../shared/events';
import { FormatDetector, triedFormats } from '../parsers/detect-format';
import type { ParserOptions, ParserSession, SourceParser } from '../parsers/index';
import type { ParsedItem } from '../parsers/parser';

/** "a" or "an" before a label. */
function article(label: string): string {
  return /^[aeiou]/i.test(label) ? 'an' : 'a';
}

/** Which parser reads a record, with the session of that parser in this batch. */
export interface Placement {
  parser: SourceParser;
  session: ParserSession;
}

/**
 * Hands each record of a batch to its parser. A batch of a named source has one parser, which
 * rejects records of another format itself; an `auto` batch places every record by its own
 * shape, so a file that mixes formats is split record by record. An integration of one kind
 * (`only`) still detects, so that a record of another source is named as such, but places
 * nothing outside its kind. Sessions open at a format's first record and all end with the batch.
 */
export class FormatRouter {
  private readonly sessions = new Map<EventSource, Placement>();
  private readonly detector: FormatDetector | null;
  /** Records placed in each format, in the order the formats first appeared. */
  readonly placed = new Map<EventSource, number>();
  /** The sentences that refused records of another source (a file of them is refused whole). */
  private readonly foreign = new Set<string>();

  /**
   * `fixed` is the batch's named parser, or null to detect; `preferred` is asked first; `only`
   * is the one format an integration of one kind takes (detected records of another are refused).
   */
  constructor(
    private readonly fixed: SourceParser | null,
    private readonly options: Partial<ParserOptions>,
    preferred?: SourceParser,
    private readonly only?: SourceParser,
  ) {
    this.detector = fixed === null ? new FormatDetector(only ?? preferred) : null;
  }

  /** True when formats are detected rather than named. */
  get detecting(): boolean {
    return this.fixed === null;
  }

  /** The named format's label ("Okta System Log"), or "auto". */
  get label(): string {
    return this.fixed?.label ?? 'auto';
  }

  /**
   * The placement of a record, or null when no format fits it (auto only), or the sentence
   * that refuses a record of another source than the integration's one kind.
   */
  place(record: unknown): Placement | { refused: string } | null {
    const parser = this.fixed ?? this.detector!.detect(record);
    if (parser === null) return null;
    const foreign = this.foreignTo(parser);
    if (foreign !== null) return { refused: foreign };
    let placement = this.sessions.get(parser.source);
    if (placement === undefined) {
      placement = { parser, session: parser.create(this.options) };
      this.sessions.set(parser.source, placement);
    }
    this.placed.set(parser.source, (this.placed.get(parser.source) ?? 0) + 1);
    return placement;
  }

  /**
   * Why a record is not of the batch's format (a named source), or fits no format (auto); null
   * when it is readable. Used on a file's first records to refuse a file of another format.
   */
  mismatch(record: unknown): string | null {
    if (this.fixed !== null) return this.fixed.mismatch(record);
    const parser = this.detector!.detect(record);
    if (parser === null) return triedFormats(record);
    return this.foreignTo(parser);
  }

  /**
   * Why a file whose first records all mismatch is refused, from the first one's `why`: a record
   * of another source in a one-kind integration names both sources.
   */
  refusal(why: string): string {
    if (this.fixed !== null)
      return `does not look like ${article(this.fixed.label)} ${this.fixed.label} record: ${why}`;
    if (this.foreign.has(why)) return why;
    return `fits none of the formats Vigil reads (tried ${why})`;
  }

  /** The sentence refusing a record read as `parser` in a one-kind integration, else null. */
  private foreignTo(parser: SourceParser): string | null {
    if (this.only === undefined || parser === this.only) return null;
    const sentence = `is ${article(parser.label)} ${parser.label} record, and this integration reads ${this.only.label} only: send it to an integration of that source (or a normalized one, which takes every source)`;
    this.foreign.add(sentence);
    return sentence;
  }

  /** Ends every session (script blocks still waiting for parts); each may throw a RecordError. */
  *end(): Generator<() => ParsedItem[]> {
    for (const { session } of this.sessions.values()) yield () => session.end();
  }
}
