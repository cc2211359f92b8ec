import { statusLabels, typeLabels } from '../../../shared/investigation-model';
import { incidentStatusLabels } from '../../../shared/incident-model';
import type { IncidentStatus } from '../../../shared/incident-model';
import type { ReportSection } from '../../../shared/report-sections';
import { formatCount, humanize } from '../../../shared/wording';
import { formatTime, formatWindow } from './report-format';
import type { ReportIncident, ReportModel, ReportPin, ReportTable } from './report-model';
import { plural } from '../../../shared/wording';

/**
 * What both renderers print, worded once: the PDF and the HTML report lay these out
 * differently but say the same thing.
 */

/** Each section's heading. */
export const sectionTitles: Record<ReportSection, string> = {
  summary: 'Summary',
  incidents: 'Incidents',
  findings: 'Key findings by evidence page',
  pins: 'Pinned evidence',
  notes: 'Case notes',
  checklist: 'Checklist',
  history: 'Case history',
};

type Pairs = Array<readonly [string, string]>;

const level = (id: string) => id.charAt(0).toUpperCase() + id.slice(1);

/** The cover's facts about the case and its subject. */
export function coverFacts(model: ReportModel): Pairs {
  const { investigation: c, subject, outcome, templateName } = model.cover;
  const person = [subject.fullName, subject.title, subject.department].filter(Boolean).join(', ');
  const pairs: Pairs = [
    ['Subject', `${person} (${subject.email}, employee ${subject.id})`],
    ['Window', formatWindow(c.windowStart, c.windowEnd)],
    ['Status', statusLabels[c.status]],
    [
      'Outcome',
      outcome
        ? outcome.label
        : c.status === 'closed'
          ? 'Not recorded'
          : 'Open case: no outcome yet',
    ],
  ];
  if (outcome?.reason) pairs.push(['Reason', outcome.reason]);
  pairs.push(
    ['Case type', typeLabels[c.type]],
    ['Assignee', c.assignee ? c.assignee.displayName || c.assignee.email : 'Nobody'],
    ['Opened', `${formatTime(c.createdAt)} by ${c.createdBy.displayName || c.createdBy.email}`],
  );
  if (c.closedAt) pairs.push(['Closed', formatTime(c.closedAt)]);
  if (templateName) pairs.push(['Template', templateName]);
  if (subject.resignationDate) pairs.push(['Resignation date', subject.resignationDate]);
  if (subject.departureDate) pairs.push(['Departure date', subject.departureDate]);
  return pairs;
}

/** The risk score's headline and how it was set. */
export function riskHeadline(model: ReportModel): {
  score: string;
  level: string;
  lines: string[];
} {
  const risk = model.cover.risk;
  const lines: string[] = [];
  if (risk.manual)
    lines.push(
      `Level set by hand to ${level(risk.manual.level)} by ${risk.manual.by} on ${formatTime(risk.manual.at)}; the evidence computes ${level(risk.computedLevel)}.`,
    );
  lines.push(
    risk.computedAt
      ? `Computed ${formatTime(risk.computedAt)} from the parts below; each part is its weight times what the evidence shows.`
      : 'The analysis has not computed a score for this case yet.',
  );
  return { score: `${risk.score} / 100`, level: level(risk.level), lines };
}

/** Each part of the risk score, its points, its sentence and the evidence behind it. */
export function riskPartsTable(model: ReportModel): ReportTable {
  const rows = model.cover.risk.parts.map((part) => {
    const evidence = [
      part.evidence.incidents.length ? `${part.evidence.incidents.length} incidents` : '',
      part.evidence.eventCount ? `${formatCount(part.evidence.eventCount)} events` : '',
      ...part.evidence.items.map((item) => `${item.label}: ${formatCount(item.count)}`),
    ].filter(Boolean);
    return [
      part.label,
      part.points.toFixed(1),
      String(part.weight),
      part.sentence,
      evidence.join('; ') || '—',
    ];
  });
  return {
    title: 'Parts of the risk score',
    columns: ['Part', 'Points', 'Weight', 'Why', 'Behind it'],
    rows,
    total: rows.length,
  };
}

/** The summary's key figures. */
export function figuresTable(model: ReportModel): ReportTable {
  const rows = model.summary.figures.map((f) => [
    f.label,
    `${formatCount(f.value)}${f.unit ?? ''}`,
    level(f.severity),
    f.page ? humanize(f.page).replace(/-/g, ' ') : '—',
  ]);
  return {
    title: 'Key figures',
    columns: ['Figure', 'Value', 'Severity', 'Evidence page'],
    rows,
    total: rows.length,
  };
}

/** The activity line under the summary. */
export function activityLine(model: ReportModel): string {
  const a = model.summary.activity;
  return a.events
    ? `${formatCount(a.events)} events on ${a.activeDays} active days, first ${formatTime(a.firstSeen)}, last ${formatTime(a.lastSeen)}.`
    : 'No events of the subject in this window.';
}

/** An incident's facts. */
export function incidentFacts(incident: ReportIncident): Pairs {
  const pairs: Pairs = [
    ['Severity', level(incident.severity)],
    ['Status', incidentStatusLabels[incident.status as IncidentStatus] ?? incident.status],
    ['Seen', `${formatTime(incident.firstSeen)} to ${formatTime(incident.lastSeen)}`],
    ['Events', formatCount(incident.eventCount)],
    ['ATT&CK', incident.techniques.join(', ') || '—'],
  ];
  if (incident.statusReason) pairs.push(['Status reason', incident.statusReason]);
  pairs.push(['Why', incident.why]);
  return pairs;
}

/** An incident's timeline as a table. */
export function incidentTimelineTable(incident: ReportIncident): ReportTable {
  return {
    title: 'Timeline',
    columns: ['Time', 'Source', 'Activity', 'What happened', 'Event'],
    rows: incident.timeline.map((line) => [
      formatTime(line.time),
      line.source,
      humanize(line.activity),
      line.summary,
      line.id,
    ]),
    total: incident.eventCount,
  };
}

/** A pin's facts, hashes included. */
export function pinFacts(pin: ReportPin): Pairs {
  const pairs: Pairs = [
    ['Pinned', `${formatTime(pin.pinnedAt)} by ${pin.pinnedBy}`],
    [
      'What',
      `${
        pin.kind === 'events' && pin.rawHashes.length
          ? `Events ${pin.rawHashes
              .slice(0, 10)
              .map((h) => h.eventId)
              .join(
                ', ',
              )}${pin.rawHashes.length > 10 ? ` and ${pin.rawHashes.length - 10} more` : ''}`
          : `${pin.kind} ${pin.ref}`
      }${pin.page ? ` (from ${pin.page})` : ''}`,
    ],
    [
      hashName(pin),
      pin.contentSha256 ??
        'None: pinned before Vigil captured evidence on the server; the content is what the browser sent.',
    ],
    ['Captured by', pin.capturedBy === 'server' ? 'the server' : 'the browser (before hashing)'],
  ];
  if (pin.rawHashes.length)
    pairs.push(['Raw records', `${plural(pin.rawHashes.length, 'record')} hashed (below)`]);
  if (pin.note) pairs.push(['Note', pin.note]);
  if (pin.removed)
    pairs.push([
      'Removed',
      `${formatTime(pin.removed.at)} by ${pin.removed.by}: ${pin.removed.reason || 'no reason given'}`,
    ]);
  return pairs;
}

/**
 * What a pin's hashes are called in this report: keyed where the report hides someone the
 * hashed content names (see privacy/evidence-hashes.ts).
 */
function hashName(pin: ReportPin): string {
  return pin.hash === 'sha256' ? 'SHA-256' : 'HMAC-SHA-256 (keyed)';
}

/** The SHA-256 (or its keyed form) of each raw record a pin holds. */
export function rawHashTable(pin: ReportPin, limit: number): ReportTable {
  return {
    title: `${hashName(pin)} of each raw record`,
    columns: ['Event', `${hashName(pin)} of the raw record`],
    rows: pin.rawHashes.slice(0, limit).map((h) => [h.eventId, h.sha256]),
    total: pin.rawHashes.length,
  };
}

/** The checklist with who ticked each step. */
export function checklistTable(model: ReportModel): ReportTable {
  const rows = model.checklist.map((step) => [
    step.done ? 'Done' : 'Open',
    step.label,
    step.done ? `${step.done.by}, ${formatTime(step.done.at)}` : '—',
  ]);
  return { title: 'Steps', columns: ['State', 'Step', 'Ticked'], rows, total: rows.length };
}

/** The case history, oldest first. */
export function historyTable(model: ReportModel): ReportTable {
  const rows = model.history.map((entry) => [formatTime(entry.at), entry.actor, entry.text]);
  return {
    title: 'What was done, oldest first',
    columns: ['Time', 'Who', 'What'],
    rows,
    total: rows.length,
  };
}

/** The line saying who made the report and when. */
export function generatedLine(model: ReportModel): string {
  return `Generated ${formatTime(model.generatedAt)} by ${model.generatedBy.displayName || model.generatedBy.email} (${model.generatedBy.email}).`;
}
