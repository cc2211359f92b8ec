/**
 * Telling a lost database connection from a statement that failed, and riding out a short
 * outage when a failure must still be recorded.
 */

/** SQLSTATEs of a connection PostgreSQL ended or would not open. */
const LOST_CODES = new Set(['57P01', '57P02', '57P03']);
/** Socket errors of a server that went away or cannot be reached. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
/** What pg says when a socket closed under a client or a client is no longer usable. */
const LOST_MESSAGES = [
  'Connection terminated',
  'not queryable',
  'timeout exceeded when trying to connect',
];

/**
 * Whether an error means the connection to the database was lost or could not be opened (a
 * restart, a failover, a terminated backend, a network drop), rather than that a statement
 * was wrong. SQLite, a file inside the process, never loses one.
 */
export function isConnectionLoss(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (LOST_CODES.has(code) || code.startsWith('08') || SOCKET_CODES.has(code)) return true;
  }
  return LOST_MESSAGES.some((message) => error.message.includes(message));
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs a write that records an outcome (a batch or a run that failed), again after each pause
 * while the connection is lost: the connection that broke the work has usually broken its
 * pool's idle ones too, and a restarting server is back within seconds. Other errors, and the
 * last loss, are thrown; what stays unrecorded is cleared by the sweep of stranded runs.
 */
export async function retryWhileDisconnected<T>(
  write: () => Promise<T>,
  pausesMs: readonly number[] = [100, 1000, 5000],
): Promise<T> {
  for (const pause of pausesMs) {
    try {
      return await write();
    } catch (error) {
      if (!isConnectionLoss(error)) throw error;
      await wait(pause);
    }
  }
  return write();
}
