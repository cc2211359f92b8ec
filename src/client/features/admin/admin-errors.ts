import { HttpError } from '../../api/http-error';

/** The server's sentence for a failed admin action, or a generic one. */
export function adminError(error: unknown): string {
  if (error instanceof HttpError)
    return error.serverMessage ?? `${error.status} ${error.statusText}`;
  return error instanceof Error ? error.message : String(error);
}
