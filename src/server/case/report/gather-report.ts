import type { Kysely } from 'kysely';

import { outcomeLabels } from '../../../shared/investigation-model';
import { reportSections } from '../../../shared/report-sections';
import type { ReportSection } from '../../../shared/report-sections';
import type { Viewer } from '../../accounts/viewer';
import { findingContext } from '../finding-context';
import type { FindingContext } from '../../analysis/findings/finding-context';
import type { Dialect } from '../../db/dialect';
import { listCaseNotes } from '../../db/queries/case-notes';
import { listPins } from '../../db/queries/findings/pins';
import type { PinRecord } from '../../db/queries/findings/pins';
import { incidentEventIds, listIncidents, timelineEvents } from '../../db/queries/incidents';
import { findRiskAssessment, findRiskOverride } from '../../db/queries/risk-assessments';
import type { Database } from '../../db/schema';
import { presentEmployee } from '../../presenters/employee';
import { writtenText } from '../../privacy/identity-policy';
import type { IdentityPolicy } from '../../privacy/identity-policy';
import { presentIncident } from '../../presenters/incident';
import { eventSummary } from '../../presenters/event';
import { caseChecklist } from '../templates/case-checklist';
import { caseHistory } from './case-history';
import { findingPages } from './finding-pages';
import { findingReplies } from './finding-replies';
import type { FindingReplies } from './finding-replies';
import { findingTables } from './finding-tables';
import type { FindingTable } from './finding-table';
import type { ReportIncident, ReportModel, ReportPin } from './report-model';

/**
 * The timeline lines a report prints under each incident (fewer when a case has many
 * incidents, so the report stays a document one reads); the export has them all.
 */
export function incidentTimelineLines(incidents: number): number {
  return incidents > 20 ? 8 : 25;
}

/** A gathered report: its model, and what the export writes beside it. */
export interface GatheredReport {
  model: ReportModel;
  ctx: FindingContext;
  replies: FindingReplies;
  tables: FindingTable[];
}

/** Who did something, by name (or address); users are not employees, so no presenter applies. */
function userName(
  user: { displayName?: string | null; display_name?: string | null; email: string | null } | null,
): string {
  return user ? user.displayName || user.display_name || user.email || 'a user' : 'a removed user';
}

function presentPin(pin: PinRecord): ReportPin {
  return {
    id: pin.id,
    kind: pin.kind,
    ref: pin.ref,
    label: pin.label,
    page: pin.page,
    note: pin.note,
    contentSha256: pin.contentSha256,
    rawHashes: pin.rawHashes.map((h) => ({ eventId: String(h.eventId), sha256: h.sha256 })),
    // The stored SHA-256s; an export shows them keyed where it hides people (export-redaction).
    hash: 'sha256',
    capturedBy: pin.capturedBy,
    pinnedBy: userName(pin.createdBy),
    pinnedAt: pin.createdAt,
    removed:
      pin.removedAt === null
        ? null
        : { at: pin.removedAt, by: userName(pin.removedBy), reason: pin.removedReason ?? '' },
    content: pin.content,
  };
}

async function incidentsOf(
  db: Kysely<Database>,
  dialect: Dialect,
  investigationId: string,
): Promise<ReportIncident[]> {
  const out: ReportIncident[] = [];
  const rows = await listIncidents(db, investigationId);
  const lines = incidentTimelineLines(rows.length);
  for (const row of rows) {
    const incident = presentIncident(row);
    const { ids } = await incidentEventIds(db, row.id, lines);
    const events = await timelineEvents(db, dialect, ids);
    out.push({
      id: incident.id,
      title: incident.title,
      severity: incident.severity,
      status: incident.status,
      statusReason: incident.statusReason,
      techniques: incident.techniques,
      firstSeen: incident.firstSeen,
      lastSeen: incident.lastSeen,
      why: incident.why,
      eventCount: incident.eventCount,
      timeline: events.map((event) => ({
        id: String(event.id),
        time: event.time,
        source: event.source,
        activity: event.activity,
        summary: eventSummary(event),
      })),
    });
  }
  return out;
}

/**
 * Everything a case's report and export say, read once: the case through the viewer's
 * visibility (the brief's 404 otherwise), its subject through the employee presenter, the
 * findings from the same detectors as the finding endpoints, its incidents, pins, notes,
 * checklist and history. The template of the case chooses the sections; a case without one
 * (or whose template was deleted) prints them all.
 */
export async function gatherReport(
  handle: { db: Kysely<Database>; dialect: Dialect },
  viewer: Viewer,
  investigationId: string,
  identity: IdentityPolicy,
): Promise<GatheredReport> {
  const { db, dialect } = handle;
  const ctx = await findingContext(handle, viewer, investigationId, identity);
  const investigation = ctx.investigation;
  const replies = await findingReplies(ctx);
  const tables = findingTables(replies);
  const checklist = await caseChecklist(db, investigation.id);
  const sections: readonly ReportSection[] = checklist.template
    ? reportSections.filter((s) => checklist.template!.reportSections.includes(s))
    : reportSections;
  const [assessment, override] = [
    await findRiskAssessment(db, investigation.id),
    await findRiskOverride(db, investigation.id),
  ];
  const incidents = await incidentsOf(db, dialect, investigation.id);
  const pins = (await listPins(db, investigation.id, { includeRemoved: true })).map(presentPin);
  const notes = (await listCaseNotes(db, investigation.id)).map((note) => ({
    id: note.id,
    body: writtenText(identity, note.body),
    author: note.author_name ?? note.author_email ?? 'a removed user',
    at: note.created_at,
    amends: note.amends_note_id,
  }));
  const history = await caseHistory(db, investigation.id, identity);
  const model: ReportModel = {
    generatedAt: Date.now(),
    generatedBy: { displayName: viewer.displayName, email: viewer.email },
    sections,
    cover: {
      investigation,
      subject: presentEmployee(ctx.subject, identity),
      outcome: investigation.outcome
        ? { label: outcomeLabels[investigation.outcome], reason: investigation.outcomeReason }
        : null,
      risk: {
        score: assessment?.score ?? investigation.riskScore,
        level: investigation.riskLevel,
        computedLevel: assessment?.computedLevel ?? investigation.riskLevel,
        manual: override
          ? { level: override.level, by: userName(override.setBy), at: override.setAt }
          : null,
        parts: assessment?.parts ?? [],
        computedAt: assessment?.computedAt ?? null,
      },
      templateName: checklist.template?.name ?? null,
    },
    summary: {
      narrative: replies.summary.narrative,
      figures: replies.summary.figures,
      activity: replies.summary.activity,
    },
    incidents,
    findings: findingPages(replies, tables),
    pins,
    notes,
    checklist: checklist.steps.map((step) => ({
      label: step.label,
      done: step.doneAt === null ? null : { at: step.doneAt, by: userName(step.doneBy ?? null) },
    })),
    history,
  };
  return { model, ctx, replies, tables };
}
