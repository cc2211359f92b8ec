import type { ParserOptions } from './parser';

const EMAIL = /^[^\s@<>()[\]",;:]+@[^\s@<>()[\]",;:]+\.[^\s@<>()[\]",;:]+$/;

/**
 * An email address in lower case, or null. Unwraps the forms sources wrap addresses in:
 * `Name <a@b.com>`, `smtp:a@b.com` (Exchange), `mailto:`, and Elastic's markdown
 * `[a@b.com](mailto:a@b.com)`.
 */
export function normalizeEmail(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  let candidate = value.trim();
  const markdown = /^\[([^\]]+)\]\(mailto:[^)]*\)$/i.exec(candidate);
  if (markdown) candidate = markdown[1]!;
  const angle = /<([^>]+)>/.exec(candidate);
  if (angle) candidate = angle[1]!;
  candidate = candidate
    .replace(/^(smtp|mailto|sip):/i, '')
    .trim()
    .toLowerCase();
  return EMAIL.test(candidate) && candidate.length <= 320 ? candidate : null;
}

/** The domain of an email address. */
export function emailDomain(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1);
}

/** True when `domain` is one of `domains` or a subdomain of one. */
export function domainIn(domain: string, domains: readonly string[]): boolean {
  const lower = domain.toLowerCase();
  return domains.some((entry) => lower === entry || lower.endsWith(`.${entry}`));
}

/**
 * True when an address is outside the organisation. With no company domains configured nothing
 * can be called external, so nothing is (a false "external" would raise false findings).
 */
export function isExternalAddress(email: string, options: ParserOptions): boolean {
  if (options.companyDomains.length === 0) return false;
  return !domainIn(emailDomain(email), options.companyDomains);
}

/** True when an address is at a free-mail provider. */
export function isPersonalAddress(email: string, options: ParserOptions): boolean {
  return domainIn(emailDomain(email), options.personalEmailDomains);
}

/**
 * An IP address without the port some sources append (`1.2.3.4:10736`, `[::1]:443`), or null
 * when the value is not an address.
 */
export function cleanIp(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  let candidate = value.trim();
  const bracketed = /^\[([0-9a-f:.]+)\](?::\d+)?$/i.exec(candidate);
  if (bracketed) candidate = bracketed[1]!;
  const v4WithPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(candidate);
  if (v4WithPort) candidate = v4WithPort[1]!;
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(candidate)) return candidate;
  if (/^[0-9a-f:.]+$/i.test(candidate) && candidate.includes(':') && candidate.length <= 64) {
    return candidate.toLowerCase();
  }
  return null;
}

/** Distinct values in first-seen order. */
export function unique<T>(values: Iterable<T>): T[] {
  return [...new Set(values)];
}

/** Who did something, as the normalized event carries it. */
export interface Actor {
  actorEmail: string | null;
  actorId: string | null;
}

/**
 * The actor of an event from a source account. An email is used as it is; anything else (a
 * GitHub login, `CORP\jdoe`, a SID) goes through `accountToEmail` and stays in actorId either
 * way, so the source identity is never lost.
 */
export function resolveActor(
  account: string | null,
  options: ParserOptions,
  nativeId: string | null = null,
): Actor {
  if (account === null) return { actorEmail: null, actorId: nativeId };
  const email = normalizeEmail(account);
  if (email !== null) return { actorEmail: email, actorId: nativeId };
  const mapped = normalizeEmail(options.accountToEmail(account) ?? null);
  return { actorEmail: mapped, actorId: account };
}
