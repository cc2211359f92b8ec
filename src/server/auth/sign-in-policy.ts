import type { AttemptBackoff } from '../db/queries/sign-in-attempts';

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
 * address they have signed in from within 30 days. Elsewhere, an attacker at one address adds
 * at most one counted attempt per wait to the account-wide counter, so it takes hours from one
 * address (or an attack from many) before a new address is asked to wait too, and each wait
 * is at most 15 minutes. A successful sign-in gives back its attempt on the shared counters.
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
