import { HttpError } from '../../api/http-error';

/**
 * The toast text for a failed mutation: the brief's own message ("Failed to update
 * investigation: Bad Request") and the server's sentence saying what to fix.
 */
export function describeFailure(error: unknown): { title: string; description?: string } {
  if (error instanceof Error) {
    const cause =
      error.cause instanceof HttpError ? error.cause : error instanceof HttpError ? error : null;
    return {
      title: error.message,
      ...(cause?.serverMessage ? { description: cause.serverMessage } : {}),
    };
  }
  return { title: String(error) };
}

/** The server's sentence when it names a field ("title: Give the investigation a title."). */
export function fieldErrors(error: unknown): Record<string, string> {
  const cause = error instanceof Error && error.cause instanceof HttpError ? error.cause : null;
  const message = cause?.serverMessage;
  if (!message) return {};
  const out: Record<string, string> = {};
  for (const part of message.replace(/^[^:]+ is invalid: /, '').split('; ')) {
    const match = /^(\w+): (.+)$/.exec(part);
    if (match) out[match[1]!] = match[2]!.replace(/\.$/, '') + '.';
  }
  return out;
}
