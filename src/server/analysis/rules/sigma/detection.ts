import { identifiersMatching, parseCondition } from './condition-parser';
import type { ConditionAst } from './condition-parser';
import { compileItem } from './detection-item';
import { and, not, or } from './expression';
import type { Expr } from './expression';
import type { LogsourceMapping } from './field-mapping';
import { refuse } from './problems';
import type { SigmaEntry, SigmaMap, SigmaNode } from './yaml-nodes';

/** A search identifier's value: a map (AND of fields), a list of maps (OR) or keywords. */
function compileSearch(
  node: SigmaNode,
  search: { name: string; line: number },
  logsource: LogsourceMapping,
): Expr {
  const { name, line } = search;
  if (node.kind === 'map') {
    if (node.entries.length === 0) refuse(line, `the search identifier "${name}" is empty`);
    return and(
      node.entries.map((entry) => compileItem(entry.key, entry.line, entry.value, logsource)),
    );
  }
  if (node.kind === 'scalar') return compileItem('', line, node, logsource);
  if (node.items.length === 0) refuse(line, `the search identifier "${name}" is an empty list`);
  if (node.items.every((item) => item.kind === 'map')) {
    return or(node.items.map((item) => compileSearch(item, { name, line: item.line }, logsource)));
  }
  if (node.items.every((item) => item.kind === 'scalar')) {
    return compileItem('', line, node, logsource);
  }
  return refuse(line, `the search identifier "${name}" mixes maps and plain values`);
}

/**
 * A rule's `detection` as one expression: its search identifiers compiled (each once) and
 * combined as the `condition` says. A list of conditions is their OR, as the specification
 * says; `timeframe` (Sigma 1 aggregations) is refused.
 */
export function compileDetection(
  detection: SigmaMap,
  line: number,
  logsource: LogsourceMapping,
): Expr {
  const searches = new Map<string, SigmaEntry>();
  let condition: { node: SigmaNode; line: number } | null = null;
  for (const entry of detection.entries) {
    if (entry.key === 'condition') condition = { node: entry.value, line: entry.line };
    else if (entry.key === 'timeframe') {
      refuse(
        entry.line,
        '"timeframe" (a Sigma 1 aggregation) is not supported; write a correlation rule with a timespan instead',
      );
    } else searches.set(entry.key, entry);
  }
  if (!condition) return refuse(line, 'the detection has no condition');
  const compiled = new Map<string, Expr>();
  const search = (name: string, line: number): Expr => {
    const entry = searches.get(name);
    if (!entry) {
      refuse(line, `the condition names "${name}", which is not a search identifier of this rule`);
    }
    let expr = compiled.get(name);
    if (!expr) {
      expr = compileSearch(entry.value, { name, line: entry.line }, logsource);
      compiled.set(name, expr);
    }
    return expr;
  };
  const evaluate = (ast: ConditionAst, line: number): Expr => {
    switch (ast.kind) {
      case 'identifier':
        return search(ast.name, line);
      case 'not':
        return not(evaluate(ast.item, line));
      case 'and':
        return and(ast.items.map((item) => evaluate(item, line)));
      case 'or':
        return or(ast.items.map((item) => evaluate(item, line)));
      case 'of': {
        const names = identifiersMatching(ast.pattern, [...searches.keys()]);
        if (names.length === 0)
          refuse(line, `"${ast.pattern}" matches no search identifier of this rule`);
        const items = names.map((name) => search(name, line));
        return ast.quantifier === 'all' ? and(items) : or(items);
      }
    }
  };
  const conditions = condition.node.kind === 'list' ? condition.node.items : [condition.node];
  if (conditions.length === 0) refuse(condition.line, 'the condition is an empty list');
  return or(
    conditions.map((node) => {
      if (node.kind !== 'scalar' || typeof node.value !== 'string') {
        refuse(node.line, 'a condition is a line of text such as "selection and not filter"');
      }
      return evaluate(parseCondition(node.value, node.line), node.line);
    }),
  );
}
