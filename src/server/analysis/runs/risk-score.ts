import type { IncidentSeverity, IncidentStatus } from '../../../shared/incident-model';
import { riskLevels, riskLevelForScore } from '../../../shared/investigation-model';
import type { RiskLevel } from '../../../shared/investigation-model';
import type { RiskPart } from '../../../shared/schemas/incidents';
import type { Configuration } from '../../../shared/schemas/configuration';

/** What the score is made of, gathered by the run. */
export interface RiskInputs {
  incidents: ReadonlyArray<{ severity: string; status: string }>;
  /** Resignation and departure as the HR feed or the employee record give them (epoch ms or YYYY-MM-DD). */
  resignation: string | null;
  departure: string | null;
  afterHours: { total: number; offHours: number };
  externalTransfers: number;
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
const CAP = { incidents: 80, departure: 20, afterHours: 12, exfiltration: 18 } as const;

const round1 = (value: number) => Math.round(value * 10) / 10;

function incidentsPart(inputs: RiskInputs): RiskPart {
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
    label: 'Incidents',
    weight: inputs.weights.incidents,
    points: round1(Math.min(CAP.incidents, raw) * inputs.weights.incidents),
    sentence:
      active.length === 0
        ? `No open, acknowledged or confirmed incidents${dismissed ? ` (${dismissed} dismissed, which do not count)` : ''}.`
        : `${active.length} incident${active.length === 1 ? '' : 's'} count (${bySeverity.join(', ')}${confirmed ? `; ${confirmed} confirmed, weighing a quarter more` : ''}${dismissed ? `; ${dismissed} dismissed left out` : ''}), capped at ${CAP.incidents} points before weighting.`,
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
    label: 'Departure',
    weight: inputs.weights.departure,
    points: round1((leaving ? CAP.departure : 0) * inputs.weights.departure),
    sentence: leaving
      ? `The subject ${facts.join(' and ')}: most data theft happens around a departure.`
      : 'No resignation or departure is recorded.',
  };
}

function afterHoursPart(inputs: RiskInputs): RiskPart {
  const { total, offHours } = inputs.afterHours;
  const share = total === 0 ? 0 : offHours / total;
  // A fifth of activity outside hours is ordinary; the part grows from there and is full at 60%.
  const scale = total < 50 ? 0 : Math.min(1, Math.max(0, (share - 0.2) / 0.4));
  return {
    id: 'afterHours',
    label: 'After-hours activity',
    weight: inputs.weights.afterHours,
    points: round1(scale * CAP.afterHours * inputs.weights.afterHours),
    sentence:
      total < 50
        ? `Too little activity (${total} events) to judge working hours.`
        : `${Math.round(share * 100)}% of ${total.toLocaleString('en-US')} actions fell outside working hours or on weekends${scale === 0 ? ', within the ordinary' : ''}.`,
  };
}

function exfiltrationPart(inputs: RiskInputs): RiskPart {
  const n = inputs.externalTransfers;
  return {
    id: 'exfiltration',
    label: 'External transfers',
    weight: inputs.weights.exfiltration,
    points: round1(Math.min(CAP.exfiltration, 4 * Math.log2(1 + n)) * inputs.weights.exfiltration),
    sentence:
      n === 0
        ? 'No files went to removable media, personal mailboxes or public and personal cloud storage.'
        : `${n} transfer${n === 1 ? '' : 's'} to removable media, personal mailboxes or public and personal cloud storage.`,
  };
}

/**
 * The 0-100 risk score: incidents (by severity and status), departure, after-hours share and
 * external transfers, each capped and multiplied by its configured weight, summed and capped
 * at 100. Every part says in a sentence where its points come from.
 */
export function scoreRisk(inputs: RiskInputs): { score: number; parts: RiskPart[] } {
  const parts = [
    incidentsPart(inputs),
    departurePart(inputs),
    exfiltrationPart(inputs),
    afterHoursPart(inputs),
  ];
  const total = parts.reduce((sum, part) => sum + part.points, 0);
  return { score: Math.max(0, Math.min(100, Math.round(total))), parts };
}

function higher(a: RiskLevel, b: RiskLevel): RiskLevel {
  return riskLevels.indexOf(a) >= riskLevels.indexOf(b) ? a : b;
}

/**
 * How an investigator's level and the computed one combine: the case shows the higher of the
 * two. An investigator can raise a case above what the evidence computes, never lower it
 * below (to lower it, dismiss the incidents that drive it). A level set by hand is noticed by
 * comparing the stored level with what the previous run left there.
 */
export function combineRiskLevels(input: {
  current: RiskLevel;
  previous: { computedLevel: RiskLevel; manualLevel: RiskLevel | null } | undefined;
  score: number;
}): { computedLevel: RiskLevel; manualLevel: RiskLevel | null; level: RiskLevel } {
  const computedLevel = riskLevelForScore(input.score);
  let manualLevel: RiskLevel | null;
  if (!input.previous) {
    // Before the first run the stored level is whatever the creator chose (low by default).
    manualLevel = input.current === 'low' ? null : input.current;
  } else {
    const leftByLastRun = higher(input.previous.manualLevel ?? 'low', input.previous.computedLevel);
    manualLevel = input.current !== leftByLastRun ? input.current : input.previous.manualLevel;
  }
  return { computedLevel, manualLevel, level: higher(manualLevel ?? 'low', computedLevel) };
}
