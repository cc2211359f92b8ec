import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Overload control for requests (issue 30): a request that has waited for the database longer
 * than its limit is answered 503 instead of being queued for ever, and a request whose client
 * has gone away (before it queued, or while it waited) does not start its work. Only a
 * request's first wait is bounded: once it has run a query it may have written something, and
 * refusing a later step would leave it half-done. Work outside requests (analysis, detection,
 * ingest jobs) carries no ticket and waits as long as it must.
 */
export interface AdmissionTicket {
  /** When the request arrived (performance.now()). */
  readonly receivedAt: number;
  /** How long it may wait for its first connection, from its arrival. */
  readonly limitMs: number;
  /**
   * The shorter wait allowed while the queue stands (has not emptied for a while): overload.
   * Absent: `limitMs` always.
   */
  readonly overloadLimitMs?: number;
  /** Whether the client closed the connection before being answered. */
  clientGone(): boolean;
  /** Set once the request holds its first connection. */
  started: boolean;
}

const tickets = new AsyncLocalStorage<AdmissionTicket>();

/** Runs `next` (the rest of a request) with its ticket in scope. */
export function withAdmissionTicket(ticket: AdmissionTicket, next: () => void): void {
  tickets.run(ticket, next);
}

/** The request waited for the database past its limit; nothing of it ran. */
export class OverloadedError extends Error {
  constructor(readonly limitMs: number) {
    super('the request waited for the database past its limit');
    this.name = 'OverloadedError';
  }
}

/** The client went away before the request's work started; nobody is left to answer. */
export class ClientGoneError extends Error {
  constructor() {
    super('the client closed the connection before the request started');
    this.name = 'ClientGoneError';
  }
}

/**
 * The requests of one database waiting for their first connection, and since when that line
 * has not emptied. A line that empties now and then is a burst: every request in it may wait
 * its full limit. A line that has stood for `standingMs` is overload, where waiting longer only
 * makes every answer late (with 200 clients on a 12 ms request, each would wait 2.4 s): then a
 * request may wait only its overload limit and the rest are refused at once with 503, so those
 * answered are answered in time and the database stays busy with work whose client still
 * waits. The control is CoDel's, as in Facebook's "Fail at Scale" (ACM Queue, 2015).
 */
export class AdmissionLine {
  private waiting = 0;
  private nonEmptySince = 0;

  constructor(private readonly standingMs = 1_000) {}

  /** Whether the line has not emptied for `standingMs`. */
  standing(now = performance.now()): boolean {
    return this.waiting > 0 && now - this.nonEmptySince >= this.standingMs;
  }

  /** Counts a request into the line; returns the function that counts it out. */
  join(now = performance.now()): () => void {
    if (this.waiting === 0) this.nonEmptySince = now;
    this.waiting += 1;
    let left = false;
    return () => {
      if (left) return;
      left = true;
      this.waiting -= 1;
    };
  }
}

/**
 * The deadline (performance.now() time) of the current request's first wait for a connection,
 * or null when there is none to keep (not in a request, or the request already started).
 * Throws ClientGoneError when the client has left.
 */
function admissionDeadline(
  line: AdmissionLine | null,
): { at: number; limitMs: number; clientGone: () => boolean } | null {
  const ticket = tickets.getStore();
  if (!ticket || ticket.started) return null;
  if (ticket.clientGone()) throw new ClientGoneError();
  const limitMs =
    line?.standing() && ticket.overloadLimitMs !== undefined
      ? Math.min(ticket.limitMs, ticket.overloadLimitMs)
      : ticket.limitMs;
  return { at: ticket.receivedAt + limitMs, limitMs, clientGone: () => ticket.clientGone() };
}

/** Whether the current work is a request that has not yet held a connection. */
export function waitingForFirstConnection(): boolean {
  const ticket = tickets.getStore();
  return ticket !== undefined && !ticket.started;
}

/** Marks the current request as started: its later waits are no longer bounded. */
function admissionStarted(): void {
  const ticket = tickets.getStore();
  if (ticket) ticket.started = true;
}

/**
 * Acquires a connection for the current request: within its admission deadline when it has
 * one (past it, rejects with OverloadedError and hands a connection that arrives later straight
 * back with `release`), then marks the request started. `line` is the database's line of
 * requests waiting for a first connection: it shortens the deadline under overload.
 */
export async function admit<T>(
  acquire: () => Promise<T>,
  release: (value: T) => void,
  line: AdmissionLine | null = null,
): Promise<T> {
  const deadline = admissionDeadline(line);
  if (!deadline) {
    const value = await acquire();
    admissionStarted();
    return value;
  }
  const leave = line?.join() ?? (() => undefined);
  try {
    const value = await acquireBefore(acquire(), deadline, release);
    admissionStarted();
    return value;
  } finally {
    leave();
  }
}

function acquireBefore<T>(
  acquire: Promise<T>,
  deadline: { at: number; limitMs: number; clientGone: () => boolean },
  release: (value: T) => void,
): Promise<T> {
  const left = deadline.at - performance.now();
  const limitMs = deadline.limitMs;
  return new Promise<T>((resolve, reject) => {
    let expired = false;
    const timer = setTimeout(
      () => {
        expired = true;
        reject(new OverloadedError(limitMs));
      },
      Math.max(0, left),
    );
    acquire.then(
      (value) => {
        if (expired) return release(value);
        clearTimeout(timer);
        if (!deadline.clientGone()) return resolve(value);
        // The client hung up while this request waited: nobody is left to answer.
        expired = true;
        release(value);
        reject(new ClientGoneError());
      },
      (error: unknown) => {
        clearTimeout(timer);
        if (!expired) reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
