import type { HashKind } from '../../../shared/schemas/findings/pins';
import type { ReportSection } from '../../../shared/report-sections';
import type { Employee } from '../../../shared/schemas/employees';
import type { Investigation } from '../../../shared/schemas/investigations';
import type { RiskPart } from '../../../shared/schemas/risk';
import type { SummaryReply } from '../../../shared/schemas/findings/summary';
import type { ReportChart, ReportFact } from '../../analysis/findings/topic-report';

/**
 * A case report as data: what the PDF and the HTML renderers both draw, so the two always
 * say the same. Every person in it has passed through the employee presenter; every text is
 * plain (the renderers escape or lay it out, never interpret it).
 */
export interface ReportModel {
  generatedAt: number;
  generatedBy: { displayName: string; email: string };
  /** The sections the case's template chose (all when it has none), in report order. */
  sections: readonly ReportSection[];
  cover: ReportCover;
  summary: Pick<SummaryReply, 'narrative' | 'figures' | 'activity'>;
  incidents: ReportIncident[];
  findings: ReportFindingPage[];
  pins: ReportPin[];
  notes: ReportNote[];
  checklist: ReportChecklistStep[];
  history: ReportHistoryEntry[];
}

/** The cover: the case, its subject, its window, its status and outcome, and its risk. */
export interface ReportCover {
  investigation: Investigation;
  subject: Employee;
  outcome: { label: string; reason: string | null } | null;
  risk: {
    score: number;
    level: string;
    computedLevel: string;
    /** Who set the level by hand, when someone did. */
    manual: { level: string; by: string; at: number } | null;
    parts: RiskPart[];
    computedAt: number | null;
  };
  templateName: string | null;
}

/** A table: its columns and rows as text, and how many rows it has in all. */
export interface ReportTable {
  title: string;
  columns: string[];
  rows: string[][];
  /** Rows in the whole table; `rows` may hold only the first of them. */
  total: number;
}

/** The key findings of one evidence page. */
export interface ReportFindingPage {
  slug: string;
  title: string;
  anomalies: number;
  /** The page's key figures and one-line facts. */
  facts: ReportFact[];
  charts: ReportChart[];
  tables: ReportTable[];
}

/** One line of an incident's timeline. */
export interface ReportTimelineLine {
  id: string;
  time: number;
  source: string;
  activity: string;
  summary: string;
}

/** An incident and the first lines of its timeline. */
export interface ReportIncident {
  id: string;
  title: string;
  severity: string;
  status: string;
  statusReason: string | null;
  techniques: string[];
  firstSeen: number;
  lastSeen: number;
  why: string;
  eventCount: number;
  timeline: ReportTimelineLine[];
}

/** Pinned evidence and its hashes, or its tombstone. */
export interface ReportPin {
  id: string;
  kind: string;
  ref: string;
  label: string;
  page: string | null;
  note: string;
  contentSha256: string | null;
  rawHashes: Array<{ eventId: string; sha256: string }>;
  /** What the hashes are for this export's reader (see `hashKinds`): set as it is redacted. */
  hash: HashKind;
  capturedBy: string;
  pinnedBy: string;
  pinnedAt: number;
  removed: { at: number; by: string; reason: string } | null;
  /** The captured content (events or finding row), for the ZIP's JSON. */
  content: unknown;
}

/** A case note: Markdown kept as written. */
export interface ReportNote {
  id: string;
  body: string;
  author: string;
  at: number;
  amends: string | null;
}

/** A step of the case's checklist. */
export interface ReportChecklistStep {
  label: string;
  done: { at: number; by: string } | null;
}

/** One entry of the case history (from the audit log). */
export interface ReportHistoryEntry {
  at: number;
  actor: string;
  action: string;
  text: string;
}
