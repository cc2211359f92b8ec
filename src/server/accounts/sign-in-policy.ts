import type { AttemptBackoff } from '../db/queries/sign-in-attempts';
import { plural } from '../../shared/wording';

const MINUTE = 60_000;

/** After the free attempts: 30 s, then doubling, capped at 15 minutes. */
const STEPS_MS = [0.5, 1, 2, 4, 8, 15].map((minutes) => minutes * MINUTE);

/**
 * How sign-in attempts are throttled: a growing delay rather than a lockout. Every attempt is
 * counted before its password is checked, on these counters, and refused (429) while any of
 * them is waiting; a refused attempt counts nowhere.
 *
 * - `accountAtAddress`: one account from one address (IPv6: its /64). The real user's typos and
 *   a lone attacker's guesses. Cleared by a successful sign-in there.
 * - `address`: any accounts from one address: password spraying.
 * - `account`: one account from addresses it has not signed in from within `knownAddressMs`:
 *   guessing spread over many addresses. Looser, and skipped at the user's own addresses.
 *
 * What this guarantees the real user: failures from other addresses never delay them at an
 * address they have signed in from within 30 days. At an address new to them they share the
 * account-wide counter: 20 counted attempts from unfamiliar addresses (each within an hour of
 * the last) before anyone there waits, then waits of at most 15 minutes between counted
 * attempts, whoever makes them (while guessing goes on, guessers take turns too). One attacker
 * address, held back by its own counters, needs nearly three hours of guessing to use up those
 * 20; guessing from several addresses, less. A successful sign-in gives its attempt back.
 * What it does not: an attacker behind the same address (a shared NAT) slows the user there.
 */
export const SIGN_IN_POLICY = {
  accountAtAddress: { free: 5, stepsMs: STEPS_MS } satisfies AttemptBackoff,
  address: { free: 30, stepsMs: STEPS_MS } satisfies AttemptBackoff,
  account: { free: 20, stepsMs: STEPS_MS } satisfies AttemptBackoff,
  /** A counter is forgotten this long after its last attempt (longer than the longest wait). */
  windowMs: 60 * MINUTE,
  /** An address stays one of the account's own this long after a sign-in from it. */
  knownAddressMs: 30 * 24 * 60 * MINUTE,
} as const;

/** "30 seconds", "4 minutes": the wait as the 429 sentence says it (rounded up). */
export function waitPhrase(ms: number): string {
  const [n, unit] =
    ms < 60_000 ? [Math.ceil(ms / 1000), 'second'] : [Math.ceil(ms / 60_000), 'minute'];
  return plural(n, unit);
}
