import type { Severity } from '../../../shared/schemas/findings/common';
import type { RemediationReply } from '../../../shared/schemas/findings/summary';

/**
 * What a topic tells beyond its reply: its sentences in the summary's narrative, its
 * remediation suggestions, and its charts, facts and tables in the report and the export. A
 * detector carries these (see defineDetector), so the summary, the remediation and the report
 * read every topic the same way and a new topic says its part in its own module.
 */

/** A chart of one figure's series, drawn as vectors by each renderer of the report. */
export interface ReportChart {
  title: string;
  kind: 'bar' | 'line';
  /** One label per point, in order (usually dates). */
  labels: string[];
  series: Array<{ name: string; values: number[] }>;
  unit?: string;
}

/** A one-line fact of an evidence page in the report (`Events off hours: 134 of 537`). */
export interface ReportFact {
  label: string;
  value: string;
  severity?: string;
}

/** A cell as the finding gave it; a `time` column holds epoch ms, a `share` one 0 to 1. */
export type Cell = string | number | boolean | null;

/** A column: its heading, and what its numbers are. */
export interface Column {
  name: string;
  kind?: 'time' | 'bytes' | 'share';
  /** False for long columns (paths) that only the export's CSV carries. */
  inReport?: boolean;
}

/** One table of a topic, whole: its file name in the export (`<page>/<name>.csv`), every row. */
export interface TopicTable {
  name: string;
  title: string;
  columns: Column[];
  rows: Cell[][];
}

/** A column of times, of sizes in bytes, of shares. */
export const timeColumn = (name: string): Column => ({ name, kind: 'time' });
export const bytesColumn = (name: string): Column => ({ name, kind: 'bytes' });
export const shareColumn = (name: string): Column => ({ name, kind: 'share' });

/** Several values in one cell. */
export const listCell = (values: readonly string[]) => values.join('; ');

/** A share as a table cell: two decimals (the report prints it as a percent). */
export const shareCell = (share: number) => Math.round(share * 100) / 100;

/** What a topic's reply puts in the report: drawn from that reply alone. */
export interface TopicReport<Reply> {
  charts?(reply: Reply): ReportChart[];
  facts?(reply: Reply): ReportFact[];
  tables?(reply: Reply): TopicTable[];
}

/**
 * The summary's sentences of a topic: `lead` ones say who the subject is (they follow the
 * activity line, before any finding), `lines` what stood out.
 */
export interface NarrativeLines {
  lead?: string[];
  lines?: string[];
}

/**
 * A remediation suggestion of a topic; the summary links it to its topic's page. Suggestions
 * are ordered by severity, then by `urgency` (lower first: contain before recovering before
 * asking), then in catalogue order.
 */
export interface TopicSuggestion {
  id: string;
  severity: Severity;
  urgency: number;
  title: string;
  action: RemediationReply['suggestions'][number]['action'];
  rationale: string;
}
