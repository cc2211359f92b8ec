import { techniqueName } from '../../../shared/attack';
import { severityLabels } from '../../../shared/incident-model';
import type { IncidentSeverity } from '../../../shared/incident-model';
import type { DetectionRule, RuleFormat } from '../../../shared/schemas/detection-rules';
import { Tooltip } from '../../components/tooltip';

/** How each rule language is named on screen. */
export const formatLabels: Record<RuleFormat, string> = { vigil: 'Vigil', sigma: 'Sigma' };

/** Shipped with Vigil, or added by someone here. */
export const originLabels: Record<DetectionRule['origin'], string> = {
  shipped: 'Shipped',
  custom: 'Custom',
};

/** A severity, coloured like the risk levels it mirrors. */
export function SeverityBadge(props: { severity: IncidentSeverity }) {
  return <span className={`badge risk-${props.severity}`}>{severityLabels[props.severity]}</span>;
}

/** Whether detection runs the rule, in words (the filter box finds them). */
export function enabledLabel(rule: { enabled: boolean; disabledReason: string | null }): string {
  if (rule.enabled) return 'Enabled';
  return rule.disabledReason ? 'Disabled by detection' : 'Disabled';
}

/** Whether detection runs the rule; when detection switched it off, why (in its tooltip). */
export function EnabledBadge(props: { rule: { enabled: boolean; disabledReason: string | null } }) {
  return (
    <span
      className={`badge rule-${props.rule.enabled ? 'enabled' : 'disabled'}`}
      title={props.rule.enabled ? undefined : (props.rule.disabledReason ?? undefined)}
    >
      {enabledLabel(props.rule)}
    </span>
  );
}

/** Technique ids, each with its name in a tooltip (the catalogue's, else the id). */
export function TechniqueIds(props: { techniques: readonly string[] }) {
  return (
    <span className="rule-techniques">
      {props.techniques.map((id) => (
        <Tooltip key={id} content={techniqueName(id)}>
          <span className="rule-technique mono">{id}</span>
        </Tooltip>
      ))}
    </span>
  );
}
