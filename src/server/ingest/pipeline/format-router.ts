import type { EventSource } from '../../../shared/events';
import { FormatDetector, triedFormats } from '../parsers/detect-format';
import type { ParserOptions, ParserSession, SourceParser } from '../parsers/index';
import type { ParsedItem } from '../parsers/parser';

/** Which parser reads a record, with the session of that parser in this batch. */
export interface Placement {
  parser: SourceParser;
  session: ParserSession;
}

/**
 * Hands each record of a batch to its parser. A batch of a named source has one parser, which
 * rejects records of another format itself; an `auto` batch places every record by its own
 * shape, so a file that mixes formats is split record by record. Sessions open at a format's
 * first record and all end with the batch.
 */
export class FormatRouter {
  private readonly sessions = new Map<EventSource, Placement>();
  private readonly detector: FormatDetector | null;
  /** Records placed in each format, in the order the formats first appeared. */
  readonly placed = new Map<EventSource, number>();

  /** `fixed` is the batch's named parser, or null to detect; `preferred` is asked first. */
  constructor(
    private readonly fixed: SourceParser | null,
    private readonly options: Partial<ParserOptions>,
    preferred?: SourceParser,
  ) {
    this.detector = fixed === null ? new FormatDetector(preferred) : null;
  }

  /** True when formats are detected rather than named. */
  get detecting(): boolean {
    return this.fixed === null;
  }

  /** The named format's label ("Okta System Log"), or "auto". */
  get label(): string {
    return this.fixed?.label ?? 'auto';
  }

  /** The placement of a record, or null when no format fits it (auto only). */
  place(record: unknown): Placement | null {
    const parser = this.fixed ?? this.detector!.detect(record);
    if (parser === null) return null;
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
    return this.detector!.detect(record) === null ? triedFormats(record) : null;
  }

  /** Ends every session (script blocks still waiting for parts); each may throw a RecordError. */
  *end(): Generator<() => ParsedItem[]> {
    for (const { session } of this.sessions.values()) yield () => session.end();
  }
}
