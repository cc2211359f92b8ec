import { incidentStatusLabels } from '../../shared/incident-model';
import type { IncidentStatus } from '../../shared/incident-model';
import {
  outcomeLabels,
  riskLabels,
  statusLabels,
  typeLabels,
} from '../../shared/investigation-model';
import type {
  CaseOutcome,
  InvestigationStatus,
  InvestigationType,
  RiskLevel,
} from '../../shared/investigation-model';

/** What a history line may name besides its own entry: people and incidents, by id. */
export interface SummaryLookups {
  userName: (id: string) => string;
  incidentTitle: (id: string) => string | null;
}

/** The parts of an audit entry a summary reads. */
export interface SummarizedEntry {
  action: string;
  targetType: string | null;
  targetId: string | null;
  details: Record<string, unknown> | null;
}

type Change = { from: unknown; to: unknown };

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value.trim() : null;
const quoted = (value: unknown) => `“${text(value) ?? '?'}”`;
const day = (value: unknown) =>
  typeof value === 'number' ? new Date(value).toISOString().slice(0, 10) : '?';
const instant = (value: unknown) =>
  typeof value === 'number'
    ? `${new Date(value).toISOString().slice(0, 16).replace('T', ' ')} UTC`
    : '?';
const label = <K extends string>(labels: Record<K, string>, value: unknown) =>
  labels[value as K] ?? String(value);
const withReason = (line: string, reason: unknown) =>
  text(reason) ? `${line}: ${text(reason)}` : line;

/** An alert a history line names: "the critical alert “USB mass copy”". */
const alertNamed = (details: Record<string, unknown>) =>
  ['the', text(details.severity), 'alert', quoted(details.alertTitle)].filter(Boolean).join(' ');

/** One change of a PATCH to a case, in words; null for the parts another part already says. */
function describeChange(
  field: string,
  change: Change,
  changes: Record<string, Change>,
  details: Record<string, unknown>,
  lookups: SummaryLookups,
): string | null {
  switch (field) {
    case 'status':
      if (change.to === 'closed') {
        const outcome = changes.outcome?.to;
        const line = outcome
          ? `Closed the investigation as ${label<CaseOutcome>(outcomeLabels, outcome)}`
          : 'Closed the investigation';
        return withReason(line, changes.outcomeReason?.to);
      }
      if (change.from === 'closed') return withReason('Reopened the investigation', details.reason);
      return `Moved the investigation from ${label<InvestigationStatus>(statusLabels, change.from)} to ${label<InvestigationStatus>(statusLabels, change.to)}`;
    case 'outcome':
    case 'outcomeReason':
      return null;
    case 'assigneeUserId':
      return typeof change.to === 'string'
        ? `Assigned the investigation to ${lookups.userName(change.to)}`
        : 'Unassigned the investigation';
    case 'title':
      return `Renamed the investigation to ${quoted(change.to)}`;
    case 'description':
      return 'Edited the description';
    case 'type':
      return `Set the type to ${label<InvestigationType>(typeLabels, change.to)}`;
    case 'riskLevel':
      return change.to
        ? `Set the risk level to ${label<RiskLevel>(riskLabels, change.to)} by hand`
        : 'Let the analysis set the risk level again';
    case 'members': {
      const from = Array.isArray(change.from) ? (change.from as string[]) : [];
      const to = Array.isArray(change.to) ? (change.to as string[]) : [];
      const assignee = changes.assigneeUserId?.to;
      // Assigning someone makes them a member: the assignment already says so.
      const added = to.filter((id) => !from.includes(id) && id !== assignee);
      const removed = from.filter((id) => !to.includes(id));
      const parts = [
        added.length > 0 ? `Added ${added.map(lookups.userName).join(', ')} to the members` : null,
        removed.length > 0
          ? `Removed ${removed.map(lookups.userName).join(', ')} from the members`
          : null,
      ].filter(Boolean);
      return parts.length > 0 ? parts.join('; ') : null;
    }
    case 'windowStart':
      return `Moved the window's start to ${day(change.to)}`;
    case 'windowEnd':
      return `Moved the window's end to ${day(change.to)}`;
    default:
      return `Changed the ${field}`;
  }
}

const FIELD_ORDER = [
  'status',
  'assigneeUserId',
  'members',
  'title',
  'type',
  'riskLevel',
  'windowStart',
  'windowEnd',
  'description',
];

function describeUpdate(details: Record<string, unknown>, lookups: SummaryLookups): string {
  const changes = (details.changes ?? {}) as Record<string, Change>;
  // jsonb does not keep the order of keys: the line keeps its own.
  const rank = (field: string) => {
    const at = FIELD_ORDER.indexOf(field);
    return at === -1 ? FIELD_ORDER.length : at;
  };
  const parts = Object.entries(changes)
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([field, change]) => describeChange(field, change, changes, details, lookups))
    .filter((part): part is string => part !== null);
  const line = parts.length > 0 ? parts.join('; ') : 'Changed the investigation';
  return details.bulk === true ? withReason(`${line} (bulk change)`, details.reason) : line;
}

const VERBS: Record<string, string> = {
  create: 'Created',
  update: 'Changed',
  delete: 'Deleted',
  export: 'Exported',
  reveal: 'Revealed',
  tick: 'Ticked',
  untick: 'Unticked',
  verify: 'Verified',
  pin: 'Pinned',
  unpin: 'Unpinned',
};

/** An action this file does not know (added later: checklist, exports, reveals), in plain words. */
function describeGeneric(action: string, details: Record<string, unknown>): string {
  const words = action.split(/[._-]/).filter(Boolean);
  const last = words[words.length - 1] ?? action;
  const verb = VERBS[last];
  const line = verb
    ? `${verb} ${words.slice(0, -1).join(' ') || 'the investigation'}`
    : words.join(' ').replace(/^./, (c) => c.toUpperCase());
  const name = text(details.label) ?? text(details.title) ?? text(details.name) ?? null;
  return withReason(name ? `${line} ${quoted(name)}` : line, details.reason ?? details.purpose);
}

/** The one-line summary of a history entry, built on the server so every reader says the same. */
export function summarizeActivity(entry: SummarizedEntry, lookups: SummaryLookups): string {
  const details = entry.details ?? {};
  switch (entry.action) {
    case 'investigation.create':
      return text(details.alertTitle)
        ? `Opened the investigation from ${alertNamed(details)}`
        : 'Opened the investigation';
    case 'investigation.alert.add':
      return `Added ${alertNamed(details)} to the investigation`;
    case 'investigation.update':
      return describeUpdate(details, lookups);
    case 'note.create':
      return text(details.amends) ? 'Amended a note' : 'Wrote a note';
    case 'evidence.pin':
      return `Pinned ${quoted(details.label)}`;
    case 'evidence.unpin':
      return withReason(`Unpinned ${quoted(details.label)}`, details.reason);
    case 'attack-layer.export':
      return 'Exported the ATT&CK Navigator layer';
    case 'incident.update': {
      const status = (details.changes as Record<string, Change> | undefined)?.status?.to;
      const title = entry.targetId ? lookups.incidentTitle(entry.targetId) : null;
      const line = `Set incident ${title ? quoted(title) : (entry.targetId ?? '')} to ${label<IncidentStatus>(incidentStatusLabels, status)}`;
      const reason = (details.changes as Record<string, Change> | undefined)?.reason?.to;
      return withReason(details.bulk === true ? `${line} (bulk change)` : line, reason);
    }
    case 'identity.reveal.request':
      return withReason(
        details.status === 'granted'
          ? `Revealed ${text(details.pseudonym) ?? 'a person'} until ${instant(details.expiresAt)}`
          : `Asked to reveal ${text(details.pseudonym) ?? 'a person'}`,
        details.purpose,
      );
    case 'identity.reveal.approve':
      return withReason(
        `Approved revealing ${text(details.pseudonym) ?? 'a person'} until ${instant(details.expiresAt)}`,
        details.reason,
      );
    case 'identity.reveal.deny':
      return withReason(
        `Denied revealing ${text(details.pseudonym) ?? 'a person'}`,
        details.reason,
      );
    case 'identity.reveal.withdraw':
      return `Withdrew the request to reveal ${text(details.pseudonym) ?? 'a person'}`;
    case 'identity.reveal.use':
      return `Looked up who ${text(details.pseudonym) ?? 'a person'} is`;
    case 'identity.reveal.expire':
      return `The reveal of ${text(details.pseudonym) ?? 'a person'} expired`;
    case 'identity.reveal.refused':
      return withReason(
        `Refused to reveal ${text(details.pseudonym) ?? 'a person'}`,
        details.reason,
      );
    case 'legal-hold.place':
      return withReason('Placed the investigation on legal hold', details.reason);
    case 'legal-hold.lift':
      return withReason('Lifted the legal hold', details.reason);
    default:
      return describeGeneric(entry.action, details);
  }
}
