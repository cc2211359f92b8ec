import { isKnownTechnique } from '../../../../shared/attack';
import type { IncidentSeverity } from '../../../../shared/incident-model';
import { isDuration } from '../durations';
import { refuse } from './problems';
import { entryOf, textOf } from './yaml-nodes';
import type { SigmaMap } from './yaml-nodes';

/**
 * Sigma `level` as Vigil severity. Informational rules are meant for enrichment, but an
 * investigator loading one still wants to see its hits: they become low, as low rules do.
 * A rule without a level is medium.
 */
const SEVERITY: Readonly<Record<string, IncidentSeverity>> = {
  informational: 'low',
  low: 'low',
  medium: 'medium',
  high: 'high',
  critical: 'critical',
};

/** The severity of a Sigma `level`, or null when the document has none. */
export function severityOf(doc: SigmaMap): IncidentSeverity | null {
  const entry = entryOf(doc, 'level');
  if (!entry) return null;
  const level = textOf(entry.value);
  const severity = level === null ? undefined : SEVERITY[level];
  if (!severity) {
    refuse(
      entry.line,
      `the level "${level ?? ''}" is not one of informational, low, medium, high, critical`,
    );
  }
  return severity;
}

/** The highest of several severities. */
export function highest(severities: readonly IncidentSeverity[]): IncidentSeverity {
  const order: IncidentSeverity[] = ['low', 'medium', 'high', 'critical'];
  return severities.reduce<IncidentSeverity>(
    (top, severity) => (order.indexOf(severity) > order.indexOf(top) ? severity : top),
    'low',
  );
}

/**
 * ATT&CK techniques from `tags` (`attack.t1059.001` -> T1059.001) that Vigil's catalogue
 * knows; tactics, other namespaces and unknown techniques are left out.
 */
export function techniquesOf(doc: SigmaMap): string[] {
  const entry = entryOf(doc, 'tags');
  if (!entry || entry.value.kind !== 'list') return [];
  const found = entry.value.items
    .map((item) => /^attack\.(t\d{4}(?:\.\d{3})?)$/i.exec(textOf(item) ?? '')?.[1]?.toUpperCase())
    .filter((id): id is string => id !== undefined && isKnownTechnique(id));
  return [...new Set(found)].slice(0, 10);
}

/** A required text attribute (`title`), refused when missing. */
export function requiredText(doc: SigmaMap, key: string, line: number): string {
  const value = textOf(entryOf(doc, key)?.value);
  if (value === null || value.trim() === '') refuse(line, `the document has no "${key}"`);
  return value.trim();
}

/** An optional text attribute (`id`, `name`, `description`), or null. */
export function optionalText(doc: SigmaMap, key: string): string | null {
  const value = textOf(entryOf(doc, key)?.value);
  return value === null || value.trim() === '' ? null : value.trim();
}

/** A text cut to `max` characters, with an ellipsis when cut. */
export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/**
 * A Vigil rule id for a Sigma rule: `sigma-` and the title in kebab-case (at most 60
 * characters), readable in an incident and stable while the title is; the Sigma id when the
 * title has no letters or digits.
 */
export function ruleIdFor(title: string, sigmaId: string | null): string {
  const slug = title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  if (slug) return `sigma-${slug}`;
  const id = (sigmaId ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `sigma-${id || 'rule'}`;
}

const MINUTES = { s: 1 / 60, m: 1, h: 60, d: 1440 } as const;

/**
 * A correlation `timespan` (`30s`, `15m`, `1h`, `7d`) as a Vigil duration. Vigil measures in
 * whole minutes and at most 90 days, so `90s` and `100d` are refused, not rounded.
 */
export function durationOf(timespan: string | null, line: number): string {
  const match = /^(\d+)([smhd])$/.exec(timespan ?? '');
  if (!match)
    refuse(line, `the timespan "${timespan ?? ''}" is not a number followed by s, m, h or d`);
  const minutes = Number(match[1]) * MINUTES[match[2] as keyof typeof MINUTES];
  if (!Number.isInteger(minutes) || minutes < 1) {
    refuse(
      line,
      `the timespan ${timespan!} is not a whole number of minutes; Vigil measures windows in minutes`,
    );
  }
  if (minutes > 90 * 1440)
    refuse(line, `the timespan ${timespan!} is longer than the 90 days Vigil looks back`);
  const duration =
    minutes % 1440 === 0
      ? `${minutes / 1440}d`
      : minutes % 60 === 0
        ? `${minutes / 60}h`
        : `${minutes}m`;
  if (!isDuration(duration))
    refuse(line, `the timespan ${timespan!} cannot be written as a Vigil window`);
  return duration;
}
