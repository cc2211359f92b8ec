import { parseNetwork } from '../../db/ip-networks';
import { resolveField } from './fields';
import { configLists, operators } from './filter-types';
import type { Filter, Operator } from './filter-types';
import { regexProblem } from './regex-subset';

type Issue = (path: string, message: string) => void;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function checkList(value: unknown, path: string, issue: Issue, numbers: boolean): void {
  if (isObject(value)) {
    const keys = Object.keys(value);
    if (keys.length !== 1 || keys[0] !== 'config') {
      issue(path, 'a configuration list is written { "config": "<name>" } and nothing else');
    } else if (!(configLists as readonly unknown[]).includes(value.config)) {
      issue(
        path,
        `"${String(value.config)}" is not a configuration list; use one of ${configLists.join(', ')}`,
      );
    }
    return;
  }
  if (!Array.isArray(value) || value.length === 0 || value.length > 200) {
    issue(path, 'expected a list of 1 to 200 values or { "config": "<name>" }');
    return;
  }
  const bad: unknown = (value as unknown[]).find((item) =>
    numbers ? typeof item !== 'number' : typeof item !== 'string' || item.length > 500,
  );
  if (bad !== undefined)
    issue(path, `${JSON.stringify(bad)} is not a ${numbers ? 'number' : 'text value'}`);
}

function checkNeedles(value: unknown, path: string, issue: Issue): void {
  if (!Array.isArray(value) || value.length === 0 || value.length > 100) {
    issue(path, 'expected a list of 1 to 100 pieces of text');
    return;
  }
  if (value.some((item) => typeof item !== 'string' || item.length === 0 || item.length > 200)) {
    issue(path, 'each piece of text must be 1 to 200 characters');
  }
}

function checkTexts(value: unknown, path: string, issue: Issue): void {
  if (!Array.isArray(value) || value.length === 0 || value.length > 100) {
    issue(path, 'expected a list of 1 to 100 pieces of text');
    return;
  }
  if (value.some((item) => typeof item !== 'string' || item.length > 500)) {
    issue(path, 'each piece of text must be at most 500 characters');
  }
}

function checkRegex(value: unknown, path: string, issue: Issue): void {
  if (!isObject(value) || typeof value.pattern !== 'string') {
    issue(path, 'expected { "pattern": "<regular expression>", "flags": "i" }');
    return;
  }
  const extra = Object.keys(value).filter((key) => key !== 'pattern' && key !== 'flags');
  if (extra.length > 0) issue(path, `unknown key "${extra[0]}"; use pattern and flags`);
  if (value.flags !== undefined && typeof value.flags !== 'string') {
    issue(`${path}.flags`, 'expected a string of flags such as "i"');
    return;
  }
  const problem = regexProblem(value.pattern, value.flags ?? '');
  if (problem !== null) issue(`${path}.pattern`, problem);
}

function checkNetworks(value: unknown, path: string, issue: Issue): void {
  if (!Array.isArray(value) || value.length === 0 || value.length > 100) {
    issue(path, 'expected a list of 1 to 100 networks such as "10.0.0.0/8"');
    return;
  }
  const bad: unknown = (value as unknown[]).find(
    (item) => typeof item !== 'string' || parseNetwork(item) === null,
  );
  if (bad !== undefined) issue(path, `${JSON.stringify(bad)} is not an IPv4 or IPv6 network`);
}

function checkCondition(value: Record<string, unknown>, path: string, issue: Issue): void {
  const { field, ...rest } = value;
  if (typeof field !== 'string') {
    issue(path, 'a condition names its "field"');
    return;
  }
  const resolved = resolveField(field);
  if (!resolved) {
    issue(
      `${path}.field`,
      `unknown field "${field}": use a normalized event column or attributes.<key>`,
    );
    return;
  }
  const ops = Object.keys(rest);
  const unknown = ops.filter((op) => !Object.hasOwn(operators, op));
  if (unknown.length > 0) {
    issue(
      path,
      `unknown operator ${unknown.map((op) => `"${op}"`).join(', ')}; use one of ${Object.keys(operators).join(', ')}`,
    );
    return;
  }
  if (ops.length !== 1) {
    issue(path, `a condition has exactly one operator, this one has ${ops.length}`);
    return;
  }
  const op = ops[0] as Operator;
  const kinds: readonly string[] = operators[op];
  if (!kinds.includes(resolved.kind)) {
    issue(
      path,
      `"${op}" does not apply to ${field}, which holds ${resolved.kind === 'list' ? 'a list' : resolved.kind}`,
    );
    return;
  }
  const operand = rest[op];
  const at = `${path}.${op}`;
  switch (op) {
    case 'eq':
    case 'ne': {
      const expected =
        resolved.kind === 'boolean' ? 'boolean' : resolved.kind === 'number' ? 'number' : 'string';
      if (typeof operand !== expected) issue(at, `expected a ${expected}`);
      break;
    }
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte':
      if (typeof operand !== 'number' || !Number.isFinite(operand)) issue(at, 'expected a number');
      break;
    case 'isNull':
      if (typeof operand !== 'boolean') issue(at, 'expected true or false');
      break;
    case 'in':
    case 'notIn':
    case 'hasAnyOf':
      checkList(operand, at, issue, resolved.kind === 'number');
      break;
    case 'equalsAny':
      checkTexts(operand, at, issue);
      break;
    case 'matches':
      checkRegex(operand, at, issue);
      break;
    case 'cidr':
      checkNetworks(operand, at, issue);
      break;
    default:
      checkNeedles(operand, at, issue);
  }
}

/**
 * Checks a filter as written in a rule file and reports every problem with its path, so the
 * rules test and the loader can say exactly what is wrong ("steps[0].match.all[2].field:
 * unknown field \"file_lable\"").
 */
export function validateFilter(
  value: unknown,
  path: string,
  issue: Issue,
  depth = 0,
): value is Filter {
  let ok = true;
  const report: Issue = (p, m) => {
    ok = false;
    issue(p, m);
  };
  if (depth > 8) {
    report(path, 'filters nest at most 8 levels deep');
    return false;
  }
  if (!isObject(value)) {
    report(path, 'expected a filter object');
    return false;
  }
  const keys = Object.keys(value);
  const combinator = keys.find((key) => key === 'all' || key === 'any' || key === 'not');
  if (combinator) {
    if (keys.length !== 1) {
      report(path, `"${combinator}" stands alone in its object`);
      return false;
    }
    const inner = value[combinator];
    if (combinator === 'not') {
      validateFilter(inner, `${path}.not`, report, depth + 1);
    } else if (!Array.isArray(inner) || inner.length === 0 || inner.length > 50) {
      report(`${path}.${combinator}`, 'expected a list of 1 to 50 filters');
    } else {
      inner.forEach((item, i) =>
        validateFilter(item, `${path}.${combinator}[${i}]`, report, depth + 1),
      );
    }
    return ok;
  }
  checkCondition(value, path, report);
  return ok;
}

/**
 * The activities a filter is limited to at its top level (`activity` eq/in, alone or inside a
 * top-level `all`), or null when it is not. Rules must say it: the interpreter then reads the
 * subject's events through the (employee, activity, time) index instead of all of them.
 */
export function pinnedActivities(filter: Filter): string[] | null {
  const conditions = 'all' in filter ? filter.all : [filter];
  for (const item of conditions) {
    if ('field' in item && item.field === 'activity') {
      if (typeof item.eq === 'string') return [item.eq];
      if (Array.isArray(item.in)) return item.in.map(String);
    }
  }
  return null;
}
