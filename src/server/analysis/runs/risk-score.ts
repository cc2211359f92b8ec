import { findingTopics } from '../../../shared/findings/catalogue';
import type { IncidentSeverity, IncidentStatus } from '../../../shared/incident-model';
import { riskLevels } from '../../../shared/investigation-model';
import type { RiskLevel } from '../../../shared/investigation-model';
import type { Severity } from '../../../shared/schemas/findings/common';
import type { RiskEventSelection, RiskEvidence, RiskPart } from '../../../shared/schemas/risk';
import { RISK_EVENT_IDS_MAX, riskPartLabels } from '../../../shared/schemas/risk';
import type { Configuration } from '../../../shared/schemas/configuration';
import { plural } from '../../../shared/wording';

/** A security hygiene check as the score counts it: its finding, and the events behind it. */
export interface HygieneSignal {
  title: string;
  severity: Severity;
  count: number;
  /** The activities and flagged command patterns the check counts. */
  activities: readonly string[];
  commandPatterns: readonly string[];
  /** Whether it counts unmanaged devices (by their last check-in). */
  unmanagedDevices: boolean;
}

/** What the score is made of, gathered by the run. */
export interface RiskInputs {
  /**
   * What the first part counts: a case's incidents, or a person's alerts (their score outside a
   * case). Incidents by default.
   */
  counts?: 'incidents' | 'alerts';
  /** The span the events were read over, [from, to). */
  window: { from: number; to: number };
  incidents: ReadonlyArray<{
    id: string;
    title: string;
    severity: string;
    status: string;
    eventCount: number;
  }>;
  /** Resignation and departure as the HR feed or the employee record give them (epoch ms or YYYY-MM-DD). */
  resignation: string | null;
  departure: string | null;
  /** The HR events that record them (none when only the employee record says so). */
  departureEventIds: readonly string[];
  /** The subject's own actions, those outside hours, and the zone and hours that decided it. */
  afterHours: {
    total: number;
    offHours: number;
    zone: { offsetMs: number; timezone?: string; startHour: number; endHour: number };
    /** Device check-ins and HR records counted too (a case's working hours figure). */
    systemRecords?: boolean;
  };
  externalTransfers: { count: number; ids: readonly string[] };
  /** The security hygiene checks, as the security hygiene page shows them. */
  hygiene: readonly HygieneSignal[];
  /** The access requests the access requests page flags, with their event ids. */
  flaggedRequests: ReadonlyArray<{ id: string; resource: string }>;
  weights: Configuration['riskWeights'];
}

/** Points one incident adds before weighting; dismissed incidents add nothing. */
const SEVERITY_POINTS: Record<IncidentSeverity, number> = {
  critical: 45,
  high: 32,
  medium: 18,
  low: 6,
};
const STATUS_FACTOR: Record<IncidentStatus, number> = {
  open: 1,
  acknowledged: 1,
  confirmed: 1.25,
  dismissed: 0,
};

/** Caps per part before weighting, so no single signal reaches 100 on its own. */
const CAP = {
  incidents: 80,
  departure: 20,
  afterHours: 12,
  exfiltration: 18,
  securityHygiene: 45,
  accessRequests: 24,
} as const;

/** Points a security hygiene check adds by its severity on the security hygiene page. */
const HYGIENE_POINTS: Record<Severity, number> = {
  critical: 15,
  high: 10,
  medium: 4,
  low: 1,
  none: 0,
};
/** Points each flagged access request adds. */
const FLAGGED_REQUEST_POINTS = 6;

const round1 = (value: number) => Math.round(value * 10) / 10;

function evidence(fields: Partial<RiskEvidence>): RiskEvidence {
  return {
    incidents: [],
    eventCount: 0,
    eventIds: [],
    events: null,
    items: [],
    page: null,
    ...fields,
  };
}

/** The label of the first part: a person's score counts alerts where a case counts incidents. */
export const ALERTS_PART_LABEL = 'Alerts';

function incidentsPart(inputs: RiskInputs): RiskPart {
  const alerts = inputs.counts === 'alerts';
  const noun = alerts ? 'alert' : 'incident';
  const active = inputs.incidents.filter((i) => i.status !== 'dismissed');
  const raw = active.reduce(
    (sum, i) =>
      sum +
      (SEVERITY_POINTS[i.severity as IncidentSeverity] ?? 0) *
        (STATUS_FACTOR[i.status as IncidentStatus] ?? 1),
    0,
  );
  const dismissed = inputs.incidents.length - active.length;
  const bySeverity = (['critical', 'high', 'medium', 'low'] as const)
    .map((s) => [s, active.filter((i) => i.severity === s).length] as const)
    .filter(([, n]) => n > 0)
    .map(([s, n]) => `${n} ${s}`);
  const confirmed = active.filter((i) => i.status === 'confirmed').length;
  return {
    id: 'incidents',
    label: alerts ? ALERTS_PART_LABEL : riskPartLabels.incidents,
    weight: inputs.weights.incidents,
    points: round1(Math.min(CAP.incidents, raw) * inputs.weights.incidents),
    sentence:
      active.length === 0
        ? `No open, acknowledged or confirmed ${noun}s${dismissed ? ` (${dismissed} dismissed, which do not count)` : ''}.`
        : `${plural(active.length, noun)} count (${bySeverity.join(', ')}${confirmed ? `; ${confirmed} confirmed, weighing a quarter more` : ''}${dismissed ? `; ${dismissed} dismissed left out` : ''}), capped at ${CAP.incidents} points before weighting.`,
    evidence: evidence({
      incidents: active.map((i) => ({
        id: i.id,
        title: i.title,
        severity: i.severity as IncidentSeverity,
        status: i.status as IncidentStatus,
        eventCount: i.eventCount,
      })),
      eventCount: active.reduce((sum, i) => sum + i.eventCount, 0),
      // A case's incidents: the events on their timelines (alerts have no case to list them in).
      events:
        alerts || active.length === 0
          ? null
          : { kind: 'incidents', incidentIds: active.map((i) => i.id) },
    }),
  };
}

function securityHygienePart(inputs: RiskInputs): RiskPart {
  const found = inputs.hygiene.filter((check) => check.count > 0 && check.severity !== 'none');
  const raw = found.reduce((sum, check) => sum + HYGIENE_POINTS[check.severity], 0);
  const bySeverity = (['critical', 'high', 'medium', 'low'] as const)
    .map((s) => [s, found.filter((check) => check.severity === s).length] as const)
    .filter(([, n]) => n > 0)
    .map(([s, n]) => `${n} ${s}`);
  return {
    id: 'securityHygiene',
    label: riskPartLabels.securityHygiene,
    weight: inputs.weights.securityHygiene,
    points: round1(Math.min(CAP.securityHygiene, raw) * inputs.weights.securityHygiene),
    sentence:
      found.length === 0
        ? 'No security hygiene check found anything.'
        : `${plural(found.length, 'security hygiene check')} found something (${bySeverity.join(', ')}); they count whatever became of the incidents, capped at ${CAP.securityHygiene} points before weighting.`,
    evidence: evidence({
      eventCount: found.reduce((sum, check) => sum + check.count, 0),
      events: found.length === 0 ? null : hygieneSelection(inputs.window, found),
      items: found.map((check) => ({ label: check.title, count: check.count })),
      page: findingTopics.securityHygiene.page,
    }),
  };
}

function hygieneSelection(
  window: RiskInputs['window'],
  found: readonly HygieneSignal[],
): RiskEventSelection {
  return {
    kind: 'hygiene',
    ...window,
    activities: [...new Set(found.flatMap((check) => check.activities))].sort(),
    commandPatterns: [...new Set(found.flatMap((check) => check.commandPatterns))].sort(),
    unmanagedDevices: found.some((check) => check.unmanagedDevices),
  };
}

function accessRequestsPart(inputs: RiskInputs): RiskPart {
  const flagged = inputs.flaggedRequests;
  const resources = [...new Set(flagged.map((r) => r.resource))];
  return {
    id: 'accessRequests',
    label: riskPartLabels.accessRequests,
    weight: inputs.weights.accessRequests,
    points: round1(
      Math.min(CAP.accessRequests, FLAGGED_REQUEST_POINTS * flagged.length) *
        inputs.weights.accessRequests,
    ),
    sentence:
      flagged.length === 0
        ? 'No access request stands out against department peers or came after a resignation.'
        : `${plural(flagged.length, 'access request')} stand${flagged.length === 1 ? 's' : ''} out (privileged access few peers ask for, or asked for after resigning): ${resources.slice(0, 3).join(', ')}${resources.length > 3 ? '…' : ''}.`,
    evidence: evidence({
      eventCount: flagged.length,
      eventIds: flagged.slice(0, RISK_EVENT_IDS_MAX).map((r) => r.id),
      events: flagged.length === 0 ? null : { kind: 'ids', ids: flagged.map((r) => r.id) },
      items: resources.map((resource) => ({
        label: resource,
        count: flagged.filter((r) => r.resource === resource).length,
      })),
      page: findingTopics.accessRequests.page,
    }),
  };
}

function departurePart(inputs: RiskInputs): RiskPart {
  const leaving = inputs.resignation !== null || inputs.departure !== null;
  const facts = [
    inputs.resignation ? `resigned on ${inputs.resignation}` : null,
    inputs.departure ? `leaves on ${inputs.departure}` : null,
  ].filter(Boolean);
  return {
    id: 'departure',
    label: riskPartLabels.departure,
    weight: inputs.weights.departure,
    points: round1((leaving ? CAP.departure : 0) * inputs.weights.departure),
    sentence: leaving
      ? `The subject ${facts.join(' and ')}: most data theft happens around a departure.`
      : 'No resignation or departure is recorded.',
    evidence: evidence({
      eventCount: inputs.departureEventIds.length,
      eventIds: [...inputs.departureEventIds],
      events:
        inputs.departureEventIds.length === 0
          ? null
          : { kind: 'ids', ids: [...inputs.departureEventIds] },
      items: [
        ...(inputs.resignation ? [{ label: `Resigned on ${inputs.resignation}`, count: 1 }] : []),
        ...(inputs.departure ? [{ label: `Leaves on ${inputs.departure}`, count: 1 }] : []),
      ],
    }),
  };
}

function afterHoursPart(inputs: RiskInputs): RiskPart {
  const { total, offHours, systemRecords } = inputs.afterHours;
  // A case counts every event, as its working hours page does; a person's score their actions.
  const what = systemRecords ? 'events' : 'actions';
  const share = total === 0 ? 0 : offHours / total;
  // A fifth of activity outside hours is ordinary; the part grows from there and is full at 60%.
  const scale = total < 50 ? 0 : Math.min(1, Math.max(0, (share - 0.2) / 0.4));
  return {
    id: 'afterHours',
    label: riskPartLabels.afterHours,
    weight: inputs.weights.afterHours,
    points: round1(scale * CAP.afterHours * inputs.weights.afterHours),
    sentence:
      total < 50
        ? `Too little activity (${total} events) to judge working hours.`
        : `${Math.round(share * 100)}% of ${total.toLocaleString('en-US')} ${what} fell outside working hours or on weekends${scale === 0 ? ', within the ordinary' : ''}.`,
    evidence: evidence({
      eventCount: scale === 0 ? 0 : offHours,
      events:
        scale === 0
          ? null
          : {
              kind: 'afterHours',
              ...inputs.window,
              ...inputs.afterHours.zone,
              ...(systemRecords ? { systemRecords } : {}),
            },
      items:
        scale === 0
          ? []
          : [
              {
                label: `${systemRecords ? 'Events' : 'Actions'} outside working hours or on weekends`,
                count: offHours,
              },
            ],
      page: findingTopics.workingHours.page,
    }),
  };
}

function exfiltrationPart(inputs: RiskInputs): RiskPart {
  const { count: n, ids } = inputs.externalTransfers;
  return {
    id: 'exfiltration',
    label: riskPartLabels.exfiltration,
    weight: inputs.weights.exfiltration,
    points: round1(Math.min(CAP.exfiltration, 4 * Math.log2(1 + n)) * inputs.weights.exfiltration),
    sentence:
      n === 0
        ? 'No files went to removable media, personal mailboxes, personal cloud storage, public links or external shares.'
        : `${plural(n, 'transfer')} to removable media, personal mailboxes, personal cloud storage, public links or external shares.`,
    evidence: evidence({
      eventCount: n,
      eventIds: ids.slice(0, RISK_EVENT_IDS_MAX),
      events: n === 0 ? null : { kind: 'transfers', ...inputs.window },
      page: findingTopics.fileAccess.page,
    }),
  };
}

/** The parts' points added up (`partsTotal`, one decimal) and capped at 100 (`score`, whole). */
export function sumParts(parts: readonly RiskPart[]): { score: number; partsTotal: number } {
  const total = parts.reduce((sum, part) => sum + part.points, 0);
  return { score: Math.max(0, Math.min(100, Math.round(total))), partsTotal: round1(total) };
}

/**
 * The 0-100 risk score: one part per weight of the configuration screen (incidents by severity
 * and status, external transfers, after-hours share, security hygiene findings, flagged access
 * requests, departure), each capped and multiplied by its weight, summed and capped at 100.
 * Every part says in a sentence where its points come from and names the incidents and events
 * behind them. `partsTotal` is the sum before the cap, so a capped score can say so.
 */
export function scoreRisk(inputs: RiskInputs): {
  score: number;
  partsTotal: number;
  parts: RiskPart[];
} {
  const parts = [
    incidentsPart(inputs),
    exfiltrationPart(inputs),
    afterHoursPart(inputs),
    securityHygienePart(inputs),
    accessRequestsPart(inputs),
    departurePart(inputs),
  ];
  return { ...sumParts(parts), parts };
}

/**
 * The level a case shows: what the evidence computes, or a higher level someone set by hand.
 * A person can raise a case above its evidence (they know something the events do not say),
 * never lower it below: to lower it, dismiss the incidents that drive it, with a reason.
 */
export function shownRiskLevel(computedLevel: RiskLevel, handSet: RiskLevel | null): RiskLevel {
  if (handSet === null) return computedLevel;
  return riskLevels.indexOf(handSet) > riskLevels.indexOf(computedLevel) ? handSet : computedLevel;
}
