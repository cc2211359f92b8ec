import { riskLabels } from '../../../shared/investigation-model';
import type { Investigation } from '../../../shared/schemas/investigations';
import { RiskBadge } from '../../components/badges';
import { Tooltip } from '../../components/tooltip';

type CaseRiskParts = Pick<Investigation, 'riskLevel' | 'riskScore' | 'analysis'>;

/** What a case's score waits for: its analysis queued or running (a case from an alert at first). */
export function isBeingAnalysed(investigation: Pick<Investigation, 'analysis'>): boolean {
  return investigation.analysis.state === 'pending' || investigation.analysis.state === 'running';
}

/** Said instead of a score while the analysis that computes it has not ended. */
export const BEING_ANALYSED = 'Being analysed…';

/**
 * A case's risk as a badge, or "Being analysed…" while its analysis runs: a new case opened
 * from a critical alert would otherwise read "Low" until the run ends.
 */
export function CaseRiskBadge(props: { investigation: CaseRiskParts }) {
  const { investigation } = props;
  if (!isBeingAnalysed(investigation))
    return <RiskBadge level={investigation.riskLevel} score={investigation.riskScore} />;
  return (
    <Tooltip content="The score comes when the analysis of the case's events ends.">
      <span className="badge">{BEING_ANALYSED}</span>
    </Tooltip>
  );
}

/** The risk in words, as the case card and CSV exports say it. */
export function caseRiskText(investigation: CaseRiskParts): string {
  return isBeingAnalysed(investigation)
    ? BEING_ANALYSED
    : `${riskLabels[investigation.riskLevel]} (score ${investigation.riskScore})`;
}
