import { techniqueName } from '../../../shared/attack';
import { incidentSeverities, severityLabels } from '../../../shared/incident-model';
import type { IncidentSeverity } from '../../../shared/incident-model';
import { alertStatuses, alertStatusLabels } from '../../../shared/schemas/alerts';
import type { AlertStatus, AlertSummary } from '../../../shared/schemas/alerts';
import type { AlertListParams } from '../../api/alerts/list-alerts';

/** The queue's filters as the URL holds them; a deep link reproduces the view. */
export interface AlertFilters {
  /** One status, or null for every status (`?status=all`). Without the parameter: new. */
  status: AlertStatus | null;
  severity: IncidentSeverity | null;
  ruleId: string | null;
  employeeId: string | null;
  technique: string | null;
  /** Only alerts about people on this watchlist. */
  watchlist: string | null;
}

/** The search parameters the queue reads. */
export type AlertFilterName = keyof AlertFilters;

const TECHNIQUE = /^T\d{4}(\.\d{3})?$/;
const WATCHLIST = /^[a-z0-9-]{1,64}$/;
/** `?status=` for every status; no parameter means the default, new alerts. */
export const ALL_STATUSES = 'all';

const isStatus = (value: string | null): value is AlertStatus =>
  (alertStatuses as readonly string[]).includes(value ?? '');
const isSeverity = (value: string | null): value is IncidentSeverity =>
  (incidentSeverities as readonly string[]).includes(value ?? '');
const text = (value: string | null, max: number) =>
  value && value.trim() && value.length <= max ? value.trim() : null;

/** The filters of a URL's search parameters; values the API would refuse are left out. */
export function filtersFrom(params: URLSearchParams): AlertFilters {
  const status = params.get('status');
  const severity = params.get('severity');
  const technique = params.get('technique');
  return {
    status: status === ALL_STATUSES ? null : isStatus(status) ? status : 'new',
    severity: isSeverity(severity) ? severity : null,
    ruleId: text(params.get('ruleId'), 200),
    employeeId: text(params.get('employeeId'), 64),
    technique: technique && TECHNIQUE.test(technique) ? technique : null,
    watchlist: WATCHLIST.test(params.get('watchlist') ?? '') ? params.get('watchlist') : null,
  };
}

/** Parameters in the URL that filtersFrom had to ignore, as a sentence (null when none). */
export function ignoredFilters(params: URLSearchParams): string | null {
  const ignored: string[] = [];
  const status = params.get('status');
  if (status !== null && status !== ALL_STATUSES && !isStatus(status))
    ignored.push(`“${status}” is not a status`);
  const severity = params.get('severity');
  if (severity !== null && !isSeverity(severity)) ignored.push(`“${severity}” is not a severity`);
  const technique = params.get('technique');
  if (technique !== null && !TECHNIQUE.test(technique))
    ignored.push(`“${technique}” is not a technique id such as T1052.001`);
  const watchlist = params.get('watchlist');
  if (watchlist !== null && !WATCHLIST.test(watchlist))
    ignored.push(`“${watchlist}” is not a watchlist id`);
  return ignored.length > 0 ? `${ignored.join('; ')}: left out of the filters.` : null;
}

/** The API query of the filters. */
export function alertQueryOf(filters: AlertFilters): AlertListParams {
  return {
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.severity ? { severity: filters.severity } : {}),
    ...(filters.ruleId ? { ruleId: filters.ruleId } : {}),
    ...(filters.employeeId ? { employeeId: filters.employeeId } : {}),
    ...(filters.technique ? { technique: filters.technique } : {}),
    ...(filters.watchlist ? { watchlist: filters.watchlist } : {}),
  };
}

/**
 * The search parameters with one filter changed ('' clears it). The status keeps `all` for
 * every status and drops the parameter for the default, new.
 */
export function withFilter(
  params: URLSearchParams,
  name: AlertFilterName,
  value: string,
): URLSearchParams {
  const next = new URLSearchParams(params);
  if (name === 'status') {
    if (value === 'new') next.delete('status');
    else next.set('status', value || ALL_STATUSES);
  } else if (value) next.set(name, value);
  else next.delete(name);
  return next;
}

/** Choices the queue has met: rules, people and techniques of the alerts it loaded. */
export interface FilterChoices {
  rules: ReadonlyMap<string, string>;
  people: ReadonlyMap<string, string>;
  techniques: ReadonlySet<string>;
}

/** The choices with what a page of alerts adds. */
export function addChoices(choices: FilterChoices, alerts: readonly AlertSummary[]): FilterChoices {
  const rules = new Map(choices.rules);
  const people = new Map(choices.people);
  const techniques = new Set(choices.techniques);
  for (const alert of alerts) {
    rules.set(alert.ruleId, alert.title);
    people.set(alert.subject.id, alert.subject.fullName);
    for (const technique of alert.techniques) techniques.add(technique);
  }
  return { rules, people, techniques };
}

export const NO_CHOICES: FilterChoices = {
  rules: new Map(),
  people: new Map(),
  techniques: new Set(),
};

const techniqueLabel = (id: string) => {
  const name = techniqueName(id);
  return name === id ? id : `${id} ${name}`;
};

const byLabel = (a: [string, string], b: [string, string]) => a[1].localeCompare(b[1]);

/** One select of the toolbar; the value in the URL stays a choice even before rows name it. */
function FilterSelect(props: {
  label: string;
  any: string;
  value: string;
  options: ReadonlyArray<[string, string]>;
  onChange: (value: string) => void;
}) {
  const options =
    props.options.some(([value]) => value === props.value) || !props.value
      ? props.options
      : [[props.value, props.value] as [string, string], ...props.options];
  return (
    <select
      className="select"
      aria-label={props.label}
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
    >
      <option value="">{props.any}</option>
      {options.map(([value, label]) => (
        <option key={value} value={value}>
          {label}
        </option>
      ))}
    </select>
  );
}

/**
 * The queue's filter selects: status (new by default, or all), severity, rule, person,
 * technique and watchlist. Rules, people and techniques are those of the alerts loaded so far, as the API
 * lists no rules or people of its own.
 */
export function AlertFilterBar(props: {
  filters: AlertFilters;
  choices: FilterChoices;
  /** The watchlists (id, name) to filter by. */
  watchlists: ReadonlyArray<[string, string]>;
  onChange: (name: AlertFilterName, value: string) => void;
}) {
  const { filters, choices, onChange } = props;
  return (
    <>
      <FilterSelect
        label="Status"
        any="All statuses"
        value={filters.status ?? ''}
        options={alertStatuses.map((s) => [s, alertStatusLabels[s]])}
        onChange={(value) => onChange('status', value)}
      />
      <FilterSelect
        label="Severity"
        any="Any severity"
        value={filters.severity ?? ''}
        options={[...incidentSeverities].reverse().map((s) => [s, severityLabels[s]])}
        onChange={(value) => onChange('severity', value)}
      />
      <FilterSelect
        label="Rule"
        any="Any rule"
        value={filters.ruleId ?? ''}
        options={[...choices.rules].sort(byLabel)}
        onChange={(value) => onChange('ruleId', value)}
      />
      <FilterSelect
        label="Person"
        any="Anyone"
        value={filters.employeeId ?? ''}
        options={[...choices.people].sort(byLabel)}
        onChange={(value) => onChange('employeeId', value)}
      />
      <FilterSelect
        label="Technique"
        any="Any technique"
        value={filters.technique ?? ''}
        options={[...choices.techniques]
          .sort()
          .map((id): [string, string] => [id, techniqueLabel(id)])}
        onChange={(value) => onChange('technique', value)}
      />
      <FilterSelect
        label="Watchlist"
        any="Any watchlist"
        value={filters.watchlist ?? ''}
        options={props.watchlists}
        onChange={(value) => onChange('watchlist', value)}
      />
    </>
  );
}
