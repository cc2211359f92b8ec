/** The parsed body of a reply that was not JSON, as the brief describes it. */
export interface NonJsonBody {
  name: 'HTTP Error';
  code: number;
  description: string;
}

/** A non-OK reply: status, status text and the parsed body (Vigil's `{ error, message }` or NonJsonBody). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly body: unknown,
  ) {
    super(describe(status, statusText, body));
    this.name = 'HttpError';
  }

  /** The server's own sentence, when it sent one. */
  get serverMessage(): string | null {
    const body = this.body as { message?: unknown; description?: unknown } | null;
    if (body && typeof body.message === 'string') return body.message;
    if (body && typeof body.description === 'string' && body.description) return body.description;
    return null;
  }
}

function describe(status: number, statusText: string, body: unknown): string {
  const message = (body as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : `${status} ${statusText}`;
}

/** Whether an error is an HTTP reply in the 4xx range (not worth retrying). */
export function isClientError(error: unknown): error is HttpError {
  return error instanceof HttpError && error.status >= 400 && error.status < 500;
}
