import type { DetectionRule } from '../../../shared/schemas/detection-rules';
import type { CatalogueEntry } from '../../analysis/rules/rule-catalogue';
import { shippedPolicies } from '../../analysis/rules/policies';

/** A catalogue entry as the Detection rules screen shows it. */
export function presentRule(entry: CatalogueEntry): DetectionRule {
  const { rule, stored } = entry;
  return {
    id: rule.id,
    title: rule.title,
    description: rule.description,
    severity: rule.severity,
    techniques: rule.techniques,
    format: entry.format,
    origin: entry.origin,
    enabled: entry.enabled,
    disabledReason: entry.enabled ? null : entry.disabledReason,
    watchlist: rule.watchlist ?? null,
    raiseOn: rule.raiseOn ?? null,
    policies: shippedPolicies()
      .filter((policy) => policy.rules.includes(rule.id))
      .map((policy) => policy.id),
    createdBy:
      stored?.created_by != null
        ? {
            id: stored.created_by,
            email: stored.creator_email ?? '',
            displayName: stored.creator_name ?? '',
          }
        : null,
    createdAt: stored ? Number(stored.created_at) : null,
    source: entry.source,
  };
}
