import { describeType } from '../errors';
import { isObject } from './fields';
import { parsers } from './index';
import type { SourceParser } from './parser';

/**
 * Finds the format of a record whose upload does not name its source (`auto`): the first parser
 * of the registry (./index.ts) whose detect() claims it. The registry lists specific formats
 * before loose ones (normalized events last), and a unit test keeps detectors from claiming one
 * another's records, so the order only matters for records no test foresaw.
 */
export class FormatDetector {
  private readonly order: readonly SourceParser[];
  /** The parser of the previous record, asked first: files rarely change format. */
  private last: SourceParser | null = null;

  /** `preferred` (an integration's kind) is asked before the others. */
  constructor(preferred?: SourceParser) {
    const all = Object.values(parsers);
    this.order = preferred ? [preferred, ...all.filter((p) => p !== preferred)] : all;
  }

  /** The parser for a record, or null when none claims it. */
  detect(record: unknown): SourceParser | null {
    if (this.last?.detect(record)) return this.last;
    for (const parser of this.order) {
      if (parser !== this.last && parser.detect(record)) {
        this.last = parser;
        return parser;
      }
    }
    return null;
  }
}

/**
 * What detection tried on a record no parser claims, each format with why it does not fit:
 * "Okta System Log: it has no `eventType`; GitHub audit log: it has no `action`; ...".
 */
export function triedFormats(record: unknown): string {
  if (!isObject(record)) return `every format: it is ${describeType(record)}, not a JSON object`;
  return Object.values(parsers)
    .map((parser) => `${parser.label}: ${parser.mismatch(record) ?? 'not quite one'}`)
    .join('; ');
}
