import type { IncidentSeverity } from '../../../../shared/incident-model';
import type { Filter } from '../filter-types';
import { compileDetection } from './detection';
import { and, toFilter } from './expression';
import type { LogsourceKeys, LogsourceMapping } from './field-mapping';
import { describeLogsource, findLogsource } from './logsource-lookup';
import { refuse } from './problems';
import { optionalText, requiredText, severityOf, techniquesOf } from './rule-meta';
import { entryOf, textOf } from './yaml-nodes';
import type { SigmaMap } from './yaml-nodes';

/** What every Sigma document carries, detection rule or correlation. */
export interface SigmaHeader {
  line: number;
  title: string;
  /** Sigma's `id` (a UUID) and `name`, by which correlations refer to rules. */
  sigmaId: string | null;
  name: string | null;
  description: string | null;
  severity: IncidentSeverity | null;
  techniques: string[];
}

/** A Sigma detection rule compiled to a Vigil match over its log source's events. */
export interface SigmaDetectionRule extends SigmaHeader {
  kind: 'detection';
  logsource: LogsourceMapping;
  /** Pins `activity` and `source` at its top level, as rule-schema requires. */
  match: Filter;
}

/** The header fields of a document. */
export function headerOf(doc: SigmaMap, line: number): SigmaHeader {
  const taxonomy = entryOf(doc, 'taxonomy');
  if (taxonomy && textOf(taxonomy.value) !== 'sigma') {
    refuse(
      taxonomy.line,
      `the taxonomy "${textOf(taxonomy.value) ?? ''}" is not supported; Vigil reads Sigma's default field names`,
    );
  }
  return {
    line,
    title: requiredText(doc, 'title', line),
    sigmaId: optionalText(doc, 'id'),
    name: optionalText(doc, 'name'),
    description: optionalText(doc, 'description'),
    severity: severityOf(doc),
    techniques: techniquesOf(doc),
  };
}

function logsourceOf(doc: SigmaMap, line: number): LogsourceMapping {
  const entry = entryOf(doc, 'logsource');
  if (!entry || entry.value.kind !== 'map')
    return refuse(entry?.line ?? line, 'the rule has no logsource mapping');
  const keys: LogsourceKeys = {};
  for (const key of ['category', 'product', 'service'] as const) {
    const value = textOf(entryOf(entry.value, key)?.value);
    if (value !== null) keys[key] = value;
  }
  const logsource = findLogsource(keys);
  if (!logsource) {
    refuse(
      entry.line,
      `the logsource ${describeLogsource(keys)} is not supported; Vigil reads the log sources listed in its Sigma README section`,
    );
  }
  return logsource;
}

/**
 * Compiles a Sigma detection rule: its log source picks the events (activities, source and
 * what else the log source implies) and its detection becomes the filter over them.
 */
export function compileDetectionRule(doc: SigmaMap, line: number): SigmaDetectionRule {
  const header = headerOf(doc, line);
  const logsource = logsourceOf(doc, line);
  const detectionEntry = entryOf(doc, 'detection');
  if (!detectionEntry || detectionEntry.value.kind !== 'map') {
    return refuse(detectionEntry?.line ?? line, 'the rule has no detection mapping');
  }
  const detection = and([compileDetection(detectionEntry.value, detectionEntry.line, logsource)]);
  if ('always' in detection && !detection.always) {
    refuse(
      detectionEntry.line,
      `the detection can never match events of logsource ${logsource.name}`,
    );
  }
  const scope: Filter[] = [
    { field: 'activity', in: [...logsource.activities] },
    { field: 'source', eq: logsource.source },
    ...(logsource.scope ?? []),
  ];
  const own = 'always' in detection ? [] : [toFilter(detection)];
  const flat = own.flatMap((part) => ('all' in part ? part.all : [part]));
  // A filter list holds at most 50 items: a long conjunction stays one nested item.
  const parts = scope.length + flat.length <= 50 ? flat : own;
  return { ...header, kind: 'detection', logsource, match: { all: [...scope, ...parts] } };
}
