/**
 * Counts failed sign-ins per key (an account, an address) in a sliding window and says when
 * a key is blocked. In memory: each process keeps its own counts.
 */
export class FailureLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly maxKeys = 100_000,
  ) {}

  /** Milliseconds until the key may try again, or 0 when it is not blocked. */
  retryAfter(key: string, now: number): number {
    const recent = this.recent(key, now);
    if (recent.length < this.limit) return 0;
    return recent[recent.length - this.limit]! + this.windowMs - now;
  }

  fail(key: string, now: number): void {
    const recent = this.recent(key, now);
    recent.push(now);
    this.failures.set(key, recent);
    if (this.failures.size > this.maxKeys) this.prune(now);
  }

  reset(key: string): void {
    this.failures.delete(key);
  }

  private recent(key: string, now: number): number[] {
    return (this.failures.get(key) ?? []).filter((at) => at > now - this.windowMs);
  }

  private prune(now: number): void {
    for (const [key, times] of this.failures) {
      if (times.every((at) => at <= now - this.windowMs)) this.failures.delete(key);
    }
    // Still full of live keys: drop the oldest entries rather than grow without bound.
    while (this.failures.size > this.maxKeys) {
      const first = this.failures.keys().next().value;
      if (first === undefined) break;
      this.failures.delete(first);
    }
  }
}

/** The sign-in limits: failures per account and per address within 15 minutes. */
export const LOGIN_WINDOW_MS = 15 * 60_000;
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_ADDRESS = 30;
