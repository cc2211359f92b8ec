/**
 * Counts with their nouns and stored keys as words: the one place both sides say "1 event",
 * "2 events" and "Personal email" rather than "1 events" or `personal_email`.
 */
import { DESTINATION_NAMES } from './findings/file-flow-names';

/** The plural of an English noun (file → files, repository → repositories, match → matches). */
export function pluralOf(noun: string): string {
  if (/[^aeiou]y$/i.test(noun)) return `${noun.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/i.test(noun)) return `${noun}es`;
  return `${noun}s`;
}

/** The singular of a regular English plural (events → event, repositories → repository). */
export function singularOf(noun: string): string {
  if (/ies$/i.test(noun)) return `${noun.slice(0, -3)}y`;
  if (/(ss|x|z|ch|sh)es$/i.test(noun)) return noun.slice(0, -2);
  if (/[^s]s$/i.test(noun)) return noun.slice(0, -1);
  return noun;
}

/**
 * A count and its noun, the count with thousands separators: `plural(1, 'event')` is
 * "1 event", `plural(1204, 'event')` "1,204 events"; `many` for irregular plurals.
 */
export function plural(n: number, one: string, many: string = pluralOf(one)): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}

/** Stored keys with a name of their own (sources, and activities with an abbreviation). */
const KEY_NAMES: Readonly<Record<string, string>> = {
  okta: 'Okta',
  google: 'Google Workspace',
  google_workspace: 'Google Workspace',
  m365: 'Microsoft 365',
  github: 'GitHub',
  slack: 'Slack',
  box: 'Box',
  dropbox: 'Dropbox',
  intune: 'Intune',
  hr: 'HR',
  mfa_verify: 'MFA verify',
  mfa_disable: 'MFA disable',
  mfa_bypass: 'MFA bypass',
  usb_write: 'USB write',
  email_send: 'Email send',
  dns_query: 'DNS query',
};

/**
 * A stored key as a person reads it: `personal_email` → "Personal email", `usb` → "USB /
 * removable media", `email_send` → "Email send"; an unknown key is spaced and capitalised.
 */
export function keyLabel(key: string): string {
  const named = KEY_NAMES[key] ?? DESTINATION_NAMES[key];
  if (named) return named;
  const words = key.replace(/[_-]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : key;
}

/** `12,345`. */
export function formatCount(value: number): string {
  return value.toLocaleString('en-US');
}

/** `1.4 MB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

/** `usb_write` reads `usb write`. */
export function humanize(id: string): string {
  return id.replace(/_/g, ' ');
}
