import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Overload control for requests (issue 30): a request that has waited for the database longer
 * than its limit is answered 503 instead of being queued for ever, and a request whose client
 * has gone away (before it queued, or while it waited) does not start its work. Only a request's first wait is bounded: once it has
 * run a query it may have written something, and refusing a later step would leave it
 * half-done. Work outside requests (analysis, detection, ingest jobs) carries no ticket and
 * waits as long as it must.
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
  private admitted = 0;

  constructor(private readonly standingMs = 1_000) {}

  /** Whether the line has not emptied for `standingMs`. */
  standing(now = performance.now()): boolean {
    return now >= this.standsAt();
  }

  /** When the line will have stood if it does not empty first (infinity while it is empty). */
  standsAt(): number {
    return this.waiting > 0 ? this.nonEmptySince + this.standingMs : Number.POSITIVE_INFINITY;
  }

  /** Counts a request into the line; its place counts it out, admitted or not. */
  join(now = performance.now()): PlaceInLine {
    if (this.waiting === 0) this.nonEmptySince = now;
    this.waiting += 1;
    const joinedStanding = this.standing(now);
    const admittedBefore = this.admitted;
    let left = false;
    return {
      joinedStanding,
      moved: () => this.admitted > admittedBefore,
      leave: (admitted) => {
        if (left) return;
        left = true;
        this.waiting -= 1;
        if (admitted) this.admitted += 1;
      },
    };
  }
}

/** One request's place in an AdmissionLine. */
export interface PlaceInLine {
  /** Whether the line already stood when the request joined it. */
  readonly joinedStanding: boolean;
  /** Whether any request has been admitted since it joined. */
  moved(): boolean;
  /** Counts the request out of the line. */
  leave(admitted: boolean): void;
}

/**
 * The current request's ticket when its first wait for a connection is to be bounded, or null
 * (not in a request, or the request already started). Throws ClientGoneError when the client
 * has left.
 */
function boundedTicket(): AdmissionTicket | null {
  const ticket = tickets.getStore();
  if (!ticket || ticket.started) return null;
  if (ticket.clientGone()) throw new ClientGoneError();
  return ticket;
}

/**
 * How long the request may wait in all, judged now. A request that joined a standing line may
 * wait its overload limit. So may one that was already waiting when the line came to stand, once
 * the line is seen moving: the requests of a sudden crowd all arrive before the line has stood,
 * and with their full 5 s each, under 200 connections the first second's crowd was answered up
 * to 2.2 s late while later ones waited 1 s. A line that stands still is one long hold (a
 * background transaction on SQLite's one connection), which ends: those waiting behind it keep
 * their full limit, as before.
 */
function currentLimitMs(
  ticket: AdmissionTicket,
  line: AdmissionLine | null,
  place: PlaceInLine | null,
): number {
  if (ticket.overloadLimitMs === undefined || !line || !place) return ticket.limitMs;
  const overloaded = place.joinedStanding || (line.standing() && place.moved());
  return overloaded ? Math.min(ticket.limitMs, ticket.overloadLimitMs) : ticket.limitMs;
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
 * Acquires a connection for the current request: within its admission limit when it has one
 * (past it, rejects with OverloadedError), then marks the request started. A connection granted
 * after the limit, or once the client has gone, is handed straight back with `release` and the
 * request does not start. `line` is the database's line of requests waiting for a first
 * connection: it shortens the limit under overload.
 */
export async function admit<T>(
  acquire: () => Promise<T>,
  release: (value: T) => void,
  line: AdmissionLine | null = null,
): Promise<T> {
  const ticket = boundedTicket();
  if (!ticket) {
    const value = await acquire();
    admissionStarted();
    return value;
  }
  const place = line?.join() ?? null;
  try {
    const value = await acquireWithin(acquire(), ticket, line, place, release);
    ticket.started = true;
    place?.leave(true);
    return value;
  } finally {
    place?.leave(false);
  }
}

function acquireWithin<T>(
  acquire: Promise<T>,
  ticket: AdmissionTicket,
  line: AdmissionLine | null,
  place: PlaceInLine | null,
  release: (value: T) => void,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    const refuse = (error: Error) => {
      settled = true;
      clearTimeout(timer);
      reject(error);
    };
    // Judged at arrival, again when the line comes to stand (the limit may shorten then), and
    // at the limit; not in between, so a line that moves on after a long hold is not cut short.
    const check = () => {
      const now = performance.now();
      const limitMs = currentLimitMs(ticket, line, place);
      const left = ticket.receivedAt + limitMs - now;
      if (left <= 0) return refuse(new OverloadedError(limitMs));
      const untilStanding = (line?.standsAt() ?? Number.POSITIVE_INFINITY) - now;
      timer = setTimeout(check, untilStanding > 0 ? Math.min(left, untilStanding) : left);
    };
    check();
    acquire.then(
      (value) => {
        if (settled) return release(value);
        if (ticket.clientGone()) {
          release(value);
          return refuse(new ClientGoneError());
        }
        settled = true;
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        if (!settled) refuse(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
