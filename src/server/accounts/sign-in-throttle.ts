import type { Kysely } from 'kysely';

import type { Dialect } from '../db/dialect';
import {
  attemptWait,
  clearAttempts,
  isKeyRemembered,
  pruneAttempts,
  refundAttempt,
  rememberKey,
  reserveAttempt,
} from '../db/queries/sign-in-attempts';
import type { AttemptKey } from '../db/queries/sign-in-attempts';
import type { Database } from '../db/schema';
import { addressBucket } from './client-address';
import { SIGN_IN_POLICY } from './sign-in-policy';
import { SignInDigests } from './sign-in-digests';

/** An attempt counted and allowed to check its password, or the wait before another. */
export type SignInReservation =
  | { allowed: true; keys: { accountAtAddress: string; address: string; account: string | null } }
  | { allowed: false; waitMs: number };

/**
 * Sign-in throttling through the database (SIGN_IN_POLICY), so every process shares the counts
 * and parallel requests cannot all slip in before the first failure is recorded: an attempt
 * is counted atomically before its password is verified.
 */
export class SignInThrottle {
  private readonly digests: SignInDigests;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {
    this.digests = new SignInDigests(db);
  }

  /** Counts an attempt for `email` from `ip`, or says how long to wait. */
  async reserve(email: string, ip: string, now: number): Promise<SignInReservation> {
    const bucket = addressBucket(ip);
    const [accountAtAddress, address, account, known] = await Promise.all([
      this.digests.digest('account-at-address', email, bucket),
      this.digests.digest('address', bucket),
      this.digests.digest('account', email),
      this.digests.digest('known-address', email, bucket),
    ]);
    const ownAddress = await isKeyRemembered(this.db, `known:${known}`, now);
    const keys = {
      accountAtAddress: `account-at-address:${accountAtAddress}`,
      address: `address:${address}`,
      account: ownAddress ? null : `account:${account}`,
    };
    const counters: AttemptKey[] = [
      { key: keys.accountAtAddress, backoff: SIGN_IN_POLICY.accountAtAddress },
      { key: keys.address, backoff: SIGN_IN_POLICY.address },
      ...(keys.account ? [{ key: keys.account, backoff: SIGN_IN_POLICY.account }] : []),
    ];
    const result = await reserveAttempt(this.db, counters, now, SIGN_IN_POLICY.windowMs);
    // Each attempt writes a few rows; each removes a few expired ones, so the table stays small.
    await pruneAttempts(this.db, this.dialect, now);
    return result.reserved ? { allowed: true, keys } : { allowed: false, waitMs: result.waitMs };
  }

  /**
   * The attempt signed in: its own counter starts again, the shared ones get their attempt
   * back (a busy office behind one address is not slowed by its own sign-ins), and the address
   * becomes one of the account's own.
   */
  async succeeded(
    reservation: Extract<SignInReservation, { allowed: true }>,
    email: string,
    ip: string,
    now: number,
  ): Promise<void> {
    const { keys } = reservation;
    await clearAttempts(this.db, keys.accountAtAddress);
    await refundAttempt(this.db, keys.address, now);
    if (keys.account) await refundAttempt(this.db, keys.account, now);
    const known = await this.digests.digest('known-address', email, addressBucket(ip));
    await rememberKey(this.db, `known:${known}`, now, now + SIGN_IN_POLICY.knownAddressMs);
  }

  /**
   * How long requests with an API token from `ip` must wait: unknown tokens count on the same
   * per-address counter as failed sign-ins (guessing tokens or passwords from one address is
   * one budget), and while it waits every token from there is refused before it is looked at,
   * so a guess that happens to be right is refused too.
   */
  async tokenWait(ip: string, now: number): Promise<number> {
    const address = await this.digests.digest('address', addressBucket(ip));
    return attemptWait(this.db, `address:${address}`, SIGN_IN_POLICY.address, now);
  }

  /** Counts a request whose bearer token matched no token against its address. */
  async countUnknownToken(ip: string, now: number): Promise<void> {
    const address = await this.digests.digest('address', addressBucket(ip));
    const key: AttemptKey = { key: `address:${address}`, backoff: SIGN_IN_POLICY.address };
    // Refused means a parallel request found the address waiting already: counted enough.
    await reserveAttempt(this.db, [key], now, SIGN_IN_POLICY.windowMs);
    await pruneAttempts(this.db, this.dialect, now);
  }

  /**
   * How the audit log names an identifier that matches no account: `unknown:` and its digest.
   * Auditors can still see that the same text was tried again, never the text (which may be a
   * password typed into the email field).
   */
  async unknownIdentifier(email: string): Promise<string> {
    return `unknown:${await this.digests.digest('audit-identifier', email)}`;
  }
}
