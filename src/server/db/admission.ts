import { AsyncLocalStorage } from 'node:async_hooks';

import type { AdmissionLine, Place } from './admission-line';

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
  /**
   * Within how long of its arrival a request judged at its overload limit must be answered
   * to go on waiting (AdmissionLine.graceMs). Absent: 2 s.
   */
  readonly answerBudgetMs?: number;
  /** Set by admission: tells the request's line its answer has gone (call once answered). */
  answered?: () => void;
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
  constructor(
    readonly limitMs: number,
    /** When to try again (Retry-After, seconds): from the line's drain time when known. */
    readonly retryAfterSeconds = DEFAULT_RETRY_AFTER_SECONDS,
  ) {
    super('the request waited for the database past its limit');
    this.name = 'OverloadedError';
  }
}

/** The answer budget of a request whose ticket names none (issue 30: answered within 2 s). */
const DEFAULT_ANSWER_BUDGET_MS = 2_000;

/** Retry-After while the line's pace is unknown (it has not been seen moving). */
const DEFAULT_RETRY_AFTER_SECONDS = 5;

/** The client went away before the request's work started; nobody is left to answer. */
export class ClientGoneError extends Error {
  constructor() {
    super('the client closed the connection before the request started');
    this.name = 'ClientGoneError';
  }
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
 * connection: once a request has waited its overload limit, the line judges whether it may go
 * on waiting (AdmissionLine.graceMs), one request at a time as each reaches that point.
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
    const value = await acquireInTime(acquire(), ticket, line && place && { line, place }, release);
    ticket.started = true;
    place?.leave(true);
    if (line) {
      const admittedAt = performance.now();
      ticket.answered = () => line.answered(performance.now() - admittedAt);
    }
    return value;
  } finally {
    place?.leave(false);
  }
}

function acquireInTime<T>(
  acquire: Promise<T>,
  ticket: AdmissionTicket,
  queued: { line: AdmissionLine; place: Place } | null,
  release: (value: T) => void,
): Promise<T> {
  const overloadMs =
    queued && ticket.overloadLimitMs !== undefined && ticket.overloadLimitMs < ticket.limitMs
      ? ticket.overloadLimitMs
      : null;
  const budgetMs = ticket.answerBudgetMs ?? DEFAULT_ANSWER_BUDGET_MS;
  return new Promise<T>((resolve, reject) => {
    let expired = false;
    let timer: NodeJS.Timeout | undefined;
    const refuse = (limitMs: number) => {
      expired = true;
      reject(
        new OverloadedError(limitMs, queued?.line.retryAfterSeconds(DEFAULT_RETRY_AFTER_SECONDS)),
      );
    };
    const waitUntil = (at: number, then: () => void) => {
      timer = setTimeout(then, Math.max(0, at - performance.now()));
    };
    const untilLimit = () =>
      waitUntil(ticket.receivedAt + ticket.limitMs, () => refuse(ticket.limitMs));
    if (overloadMs === null) untilLimit();
    else
      waitUntil(ticket.receivedAt + overloadMs, () => {
        const waitedMs = performance.now() - ticket.receivedAt;
        const graceMs = queued!.line.graceMs(queued!.place, waitedMs, budgetMs);
        if (graceMs === 0) refuse(overloadMs);
        else if (waitedMs + graceMs >= ticket.limitMs) untilLimit();
        else waitUntil(ticket.receivedAt + waitedMs + graceMs, () => refuse(overloadMs));
      });
    acquire.then(
      (value) => {
        if (expired) return release(value);
        clearTimeout(timer);
        if (!ticket.clientGone()) return resolve(value);
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
