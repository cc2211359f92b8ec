import type { IdentityState } from '../../shared/schemas/privacy';
import type { PseudonymBook } from './pseudonym';

/**
 * How identities show in one reply: built once per request (plugins/privacy.ts) from the
 * privacy settings and the reveals that hold for the case the request is about, and read by
 * the employee presenter and the redactor. Nothing else decides whether a name shows.
 */
export interface IdentityPolicy {
  /** False when an admin switched pseudonymization off for the installation. */
  readonly pseudonymize: boolean;
  readonly showOrgDetails: boolean;
  /** The case the request concerns, if any: reveals hold for it only. */
  readonly investigationId: string | null;
  /** People whose identity a granted, unexpired reveal shows in that case. */
  readonly revealed: ReadonlySet<string>;
  readonly pseudonyms: PseudonymBook;
  /**
   * Text a user wrote (a note, a title, a description, a search) as this reply shows it: people
   * it names read "[withheld]", never their pseudonym (privacy/withhold.ts). Absent where nothing
   * is withheld (pseudonymization off, or work that is never shown).
   */
  readonly written?: (text: string) => string;
}

/** Text a user wrote, as a reply under this policy shows it. */
export function writtenText(policy: IdentityPolicy, text: string): string {
  return policy.written ? policy.written(text) : text;
}

/** Whether a person shows as themselves, revealed, or as a pseudonym under this policy. */
export function identityState(policy: IdentityPolicy, employeeId: string): IdentityState {
  if (!policy.pseudonymize) return 'open';
  return policy.revealed.has(employeeId) ? 'revealed' : 'pseudonymized';
}

/** Everyone as themselves: for server-side work that is never shown (analysis, ingest). */
export function openPolicy(pseudonyms: PseudonymBook): IdentityPolicy {
  return {
    pseudonymize: false,
    showOrgDetails: true,
    investigationId: null,
    revealed: new Set(),
    pseudonyms,
  };
}
