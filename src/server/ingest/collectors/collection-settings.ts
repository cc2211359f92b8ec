import type { EventSource } from '../../../shared/events';
import type { CollectorSpec } from '../../../shared/schemas/collection';
import { collectorSpecs } from '../../../shared/schemas/collection';
import { invalid } from '../../domain-error';
import { checkBaseUrl } from './outbound-url';

/** A collection's settings once checked: plain settings, secrets, and what changed. */
export interface CheckedSettings {
  settings: Record<string, string>;
  secrets: Record<string, string>;
  /** Each secret's last four characters. */
  hints: Record<string, string>;
  /** The secrets this change set (their names only: the audit log records that they changed). */
  changedSecrets: string[];
  /** Whether anything the vendor sees changed (a URL, an organization, a secret). */
  changed: boolean;
}

/** What is stored already (decrypted), for a change that leaves a secret out. */
export interface StoredSettings {
  settings: Record<string, string>;
  secrets: Record<string, string>;
}

/** The collector spec of a kind, or a 400 saying Vigil does not collect it by itself. */
export function specFor(kind: EventSource, label: string): CollectorSpec {
  const spec = collectorSpecs[kind];
  if (!spec) {
    throw invalid(
      `Vigil does not collect ${label} by itself yet; push or upload its exports instead.`,
      'settings',
    );
  }
  return spec;
}

/** The last four characters of a secret, as the API shows them. */
export function secretHint(secret: string): string {
  return `…${secret.slice(-4)}`;
}

/** A setting as text: a list joined with commas, a JSON object (a key file) as its JSON. */
function settingText(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (Array.isArray(value)) return value.map((item) => String(item).trim()).join(',');
  if (value !== null && typeof value === 'object') return JSON.stringify(value);
  return '';
}

/**
 * Checks a PUT's settings against the kind's fields: no unknown key, every required one given
 * (a secret left out or empty keeps the stored one), URLs https to public hosts unless
 * `allowInsecure`. Throws a 400 naming the field.
 */
export function checkSettings(
  spec: CollectorSpec,
  given: Readonly<Record<string, unknown>>,
  stored: StoredSettings | null,
  allowInsecure: boolean,
): CheckedSettings {
  const names = spec.fields.map((field) => field.name);
  for (const key of Object.keys(given)) {
    if (!names.includes(key)) {
      throw invalid(
        `settings.${key} is not a setting of ${spec.label} collection; it takes ${names.join(', ')}.`,
        `settings.${key}`,
      );
    }
  }
  const result: CheckedSettings = {
    settings: {},
    secrets: {},
    hints: {},
    changedSecrets: [],
    changed: stored === null,
  };
  for (const field of spec.fields) {
    const raw = settingText(given[field.name]);
    if (field.kind === 'secret') {
      const value = raw || stored?.secrets[field.name] || '';
      if (!value && field.required) {
        throw invalid(
          `settings.${field.name} is required: enter the ${field.label}.`,
          `settings.${field.name}`,
        );
      }
      if (!value) continue;
      result.secrets[field.name] = value;
      result.hints[field.name] = secretHint(value);
      if (raw && raw !== stored?.secrets[field.name]) {
        result.changedSecrets.push(field.name);
        result.changed = true;
      }
      continue;
    }
    let value = raw || field.defaultValue || '';
    if (!value) {
      if (field.required) {
        throw invalid(
          `settings.${field.name} is required: enter the ${field.label}.`,
          `settings.${field.name}`,
        );
      }
      continue;
    }
    if (field.kind === 'url') {
      const checked = checkBaseUrl(value, allowInsecure);
      if ('problem' in checked) {
        throw invalid(`settings.${field.name} ${checked.problem}`, `settings.${field.name}`);
      }
      value = checked.url;
    }
    result.settings[field.name] = value;
    if (stored && stored.settings[field.name] !== value) result.changed = true;
  }
  if (spec.alternatives) checkAlternatives(spec.alternatives, given, stored, result);
  const chosen = spec.oneOf?.filter((name) => result.settings[name] !== undefined) ?? [];
  if (spec.oneOf && chosen.length !== 1) {
    const field = spec.oneOf[0]!;
    throw invalid(
      `settings.${field}: give exactly one of ${spec.oneOf.map((n) => `settings.${n}`).join(' or ')}.`,
      `settings.${field}`,
    );
  }
  return result;
}

/**
 * Exactly one group of settings given whole (Okta: a token, or a client ID and a private key).
 * When a change gives one group, the stored settings of the others are dropped: that is how a
 * collection switches from one way of signing in to another.
 */
function checkAlternatives(
  groups: readonly (readonly string[])[],
  given: Readonly<Record<string, unknown>>,
  stored: StoredSettings | null,
  result: CheckedSettings,
): void {
  const has = (name: string) =>
    result.settings[name] !== undefined || result.secrets[name] !== undefined;
  const givenNow = groups.filter((group) => group.some((name) => settingText(given[name])));
  if (givenNow.length === 1) {
    for (const group of groups) {
      if (group === givenNow[0]) continue;
      for (const name of group) {
        if (!has(name)) continue;
        delete result.settings[name];
        delete result.secrets[name];
        delete result.hints[name];
        if (stored) result.changed = true;
      }
    }
  }
  const partial = groups.find((group) => group.some(has) && !group.every(has));
  if (partial) {
    const missing = partial.find((name) => !has(name))!;
    const present = partial.find(has)!;
    throw invalid(
      `settings.${missing} is required with settings.${present}.`,
      `settings.${missing}`,
    );
  }
  if (groups.filter((group) => group.every(has)).length !== 1) {
    const ways = groups.map((group) => group.map((name) => `settings.${name}`).join(' and '));
    throw invalid(
      `settings.${groups[0]![0]}: give ${ways.join(', or ')}.`,
      `settings.${groups[0]![0]}`,
    );
  }
}
