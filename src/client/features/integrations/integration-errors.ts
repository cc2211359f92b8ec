import { HttpError } from '../../api/http-error';

/** The server's sentence for a failed call, or a plain fallback. */
export function integrationError(error: unknown): string {
  if (error instanceof HttpError)
    return error.serverMessage ?? `${error.status} ${error.statusText}`;
  return error instanceof Error ? error.message : 'Something went wrong.';
}
