import type { Condition, Filter } from '../analysis/rules/filter-types';

/** A YAML scalar: JSON's double-quoted strings and numbers are YAML too. */
const scalar = (value: unknown) => JSON.stringify(value);

/** One condition as a Sigma selection's single field line. */
function selectionLine(condition: Condition): string {
  const { field } = condition;
  if (condition.equalsAny) return `${field}: ${scalar(condition.equalsAny[0])}`;
  if (condition.containsAny) return `${field}|contains: ${scalar(condition.containsAny[0])}`;
  if (condition.matches) return `${field}|re|i: ${scalar(condition.matches.pattern)}`;
  if (condition.hasAnyOf && Array.isArray(condition.hasAnyOf))
    return `${field}: ${scalar(condition.hasAnyOf[0])}`;
  if (condition.gte !== undefined) return `${field}|gte: ${condition.gte}`;
  if (condition.gt !== undefined) return `${field}|gt: ${condition.gt}`;
  if (condition.lte !== undefined) return `${field}|lte: ${condition.lte}`;
  if (condition.lt !== undefined) return `${field}|lt: ${condition.lt}`;
  if (condition.isNull !== undefined)
    return condition.isNull ? `${field}: null` : `${field}|exists: true`;
  if (condition.in && Array.isArray(condition.in))
    return `${field}:\n${condition.in.map((v) => `      - ${scalar(v)}`).join('\n')}`;
  return `${field}: ${scalar(condition.eq)}`;
}

/**
 * A saved search's rule filter as a Sigma rule (specification 2.1): each condition a
 * selection, the query's AND/OR/NOT the condition expression, over Vigil's normalized field
 * names under the log source `product: vigil, category: normalized`, for another SIEM or a
 * reviewer. Vigil itself runs the JSON rule.
 */
export function filterToSigma(
  rule: { id: string; title: string; description: string },
  filter: Filter,
): string {
  const selections: string[] = [];
  const expression = (node: Filter): string => {
    if ('all' in node) return `(${node.all.map(expression).join(' and ')})`;
    if ('any' in node) return `(${node.any.map(expression).join(' or ')})`;
    if ('not' in node) return `not ${expression(node.not)}`;
    const name = `selection${selections.length + 1}`;
    selections.push(`  ${name}:\n    ${selectionLine(node)}`);
    return name;
  };
  const condition = expression(filter).replace(/^\((.*)\)$/, '$1');
  return [
    `title: ${scalar(rule.title)}`,
    'status: experimental',
    `description: ${scalar(rule.description)}`,
    'logsource:',
    '  product: vigil',
    '  category: normalized',
    'detection:',
    ...selections,
    `  condition: ${condition}`,
    'level: medium',
    '',
  ].join('\n');
}
