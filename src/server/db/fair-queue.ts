/**
 * A first-come, first-served queue for `permits` connections, in two classes, that also keeps
 * the event loop turning. Waiters for work already under way (a request's later queries,
 * background work) are served before requests waiting for their first connection: a request
 * that has started finishes in about its own time, and newcomers wait, up to their admission
 * limit (db/admission.ts), for the started ones instead of every query of every request
 * queueing behind every newcomer (with 200 clients that made each answer take as long as 200
 * requests' first queries). Within a class, a freed permit goes to the oldest waiter and wakes
 * only it. After `sliceMs` of handing over without a break, the next hand-over waits for the
 * event loop's next turn (setImmediate): a synchronous driver (SQLite, one permit) would
 * otherwise run queued requests back to back for seconds, and Node accepts one new connection
 * per turn of the loop, so a client connecting under load waited that long for its first byte.
 * PostgreSQL's pool queues its waiters in one line; its permits are the pool's connections.
 */
export class FairQueue {
  private free: number;
  private readonly started: Array<() => void> = [];
  private readonly newcomers: Array<() => void> = [];
  private sliceStart = performance.now();

  constructor(
    permits = 1,
    private readonly sliceMs = Number.POSITIVE_INFINITY,
  ) {
    this.free = permits;
  }

  /** Resolves when the caller holds a permit; `newcomer` waits behind work under way. */
  lock(newcomer = false): Promise<void> {
    if (this.free > 0) {
      this.free -= 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => (newcomer ? this.newcomers : this.started).push(resolve));
  }

  /** Passes the permit to the oldest waiter (at once, or after a turn of the loop), or frees it. */
  unlock(): void {
    const next = this.started.shift() ?? this.newcomers.shift();
    if (!next) {
      this.free += 1;
      return;
    }
    if (performance.now() - this.sliceStart < this.sliceMs) {
      next();
      return;
    }
    setImmediate(() => {
      this.sliceStart = performance.now();
      next();
    });
  }

  /** How many callers are waiting (for tests and metrics). */
  get waiting(): number {
    return this.started.length + this.newcomers.length;
  }
}
