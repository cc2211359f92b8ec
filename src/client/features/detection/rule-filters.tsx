import { ruleFormats } from '../../../shared/schemas/detection-rules';
import type {
  DetectionPolicy,
  DetectionRule,
  RuleFormat,
} from '../../../shared/schemas/detection-rules';
import { formatLabels } from './rule-badges';

/** The list's filters, kept in the URL (`?policy=data-leaks&format=sigma`). */
export interface RuleFilters {
  /** A policy preset's id, or '' for every rule. */
  readonly policy: string;
  readonly format: RuleFormat | '';
}

/** The filters a URL asks for; a format Vigil does not know is left out. */
export function ruleFiltersFrom(params: URLSearchParams): RuleFilters {
  const format = params.get('format') ?? '';
  return {
    policy: params.get('policy') ?? '',
    format: (ruleFormats as readonly string[]).includes(format) ? (format as RuleFormat) : '',
  };
}

/** The rules the filters keep, in the server's order. */
export function filterRules(
  rules: readonly DetectionRule[],
  policies: readonly DetectionPolicy[],
  filters: RuleFilters,
): DetectionRule[] {
  const policy = policies.find((p) => p.id === filters.policy);
  return rules.filter(
    (rule) =>
      (!filters.policy ||
        rule.policies.includes(filters.policy) ||
        (policy?.rules.includes(rule.id) ?? false)) &&
      (!filters.format || rule.format === filters.format),
  );
}

/** The policy and format selects of the list's toolbar. */
export function RuleFilterBar(props: {
  filters: RuleFilters;
  policies: readonly DetectionPolicy[];
  onChange: (name: keyof RuleFilters, value: string) => void;
}) {
  const { filters, policies, onChange } = props;
  return (
    <>
      <select
        className="select"
        aria-label="Policy"
        value={filters.policy}
        onChange={(event) => onChange('policy', event.target.value)}
      >
        <option value="">All policies</option>
        {policies.map((policy) => (
          <option key={policy.id} value={policy.id}>
            {policy.title}
          </option>
        ))}
      </select>
      <select
        className="select"
        aria-label="Format"
        value={filters.format}
        onChange={(event) => onChange('format', event.target.value)}
      >
        <option value="">Any format</option>
        {ruleFormats.map((format) => (
          <option key={format} value={format}>
            {formatLabels[format]}
          </option>
        ))}
      </select>
    </>
  );
}
