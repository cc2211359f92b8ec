/**
 * The investigation lifecycle, risk levels and types: the vocabulary shared by the API,
 * the screens and the palette's "Set status…" pages.
 */
export const investigationStatuses = ['open', 'in_review', 'escalated', 'closed'] as const;
export type InvestigationStatus = (typeof investigationStatuses)[number];

export const statusLabels: Record<InvestigationStatus, string> = {
  open: 'Open',
  in_review: 'In review',
  escalated: 'Escalated',
  closed: 'Closed',
};

/**
 * Allowed transitions. Closing is possible from anywhere; a closed case can only be reopened,
 * so a reopened case goes through review again before escalation.
 */
export const statusTransitions: Record<InvestigationStatus, readonly InvestigationStatus[]> = {
  open: ['in_review', 'escalated', 'closed'],
  in_review: ['open', 'escalated', 'closed'],
  escalated: ['in_review', 'closed'],
  closed: ['open'],
};

/** Whether a case may move from one status to another (staying put is always allowed). */
export function canTransition(from: InvestigationStatus, to: InvestigationStatus): boolean {
  return from === to || statusTransitions[from].includes(to);
}

export const riskLevels = ['low', 'medium', 'high', 'critical'] as const;
export type RiskLevel = (typeof riskLevels)[number];

export const riskLabels: Record<RiskLevel, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  critical: 'Critical',
};

/** The risk level a 0-100 score falls in; the dashboard's high-risk figure counts high and critical. */
export function riskLevelForScore(score: number): RiskLevel {
  if (score >= 80) return 'critical';
  if (score >= 60) return 'high';
  if (score >= 30) return 'medium';
  return 'low';
}

export const investigationTypes = [
  'data_exfiltration',
  'departing_employee',
  'sabotage',
  'fraud',
  'policy_violation',
  'account_compromise',
  'workplace_conduct',
  'other',
] as const;
export type InvestigationType = (typeof investigationTypes)[number];

export const typeLabels: Record<InvestigationType, string> = {
  data_exfiltration: 'Data exfiltration',
  departing_employee: 'Departing employee',
  sabotage: 'Sabotage',
  fraud: 'Fraud',
  policy_violation: 'Policy violation',
  account_compromise: 'Account compromise',
  workplace_conduct: 'Workplace conduct',
  other: 'Other',
};

/** The longest window an investigation may cover; detectors scan the whole window. */
export const MAX_WINDOW_DAYS = 730;

/** How a case ends: closing requires one of these and a reason (issue 16). */
export const caseOutcomes = [
  'confirmed_violation',
  'benign',
  'insufficient_evidence',
  'referred_hr',
  'referred_legal',
] as const;
export type CaseOutcome = (typeof caseOutcomes)[number];

export const outcomeLabels: Record<CaseOutcome, string> = {
  confirmed_violation: 'Confirmed policy violation',
  benign: 'Benign',
  insufficient_evidence: 'Insufficient evidence',
  referred_hr: 'Referred to HR',
  referred_legal: 'Referred to Legal',
};

/** Why nobody may ask to reveal anyone in a closed case: the server's 409 and the client say it. */
export const CLOSED_CASE_REVEAL_MESSAGE =
  'This investigation is closed: reopen it before asking to see who anyone in it is.';
