import { toast } from 'sonner';

import { HttpError } from '../../api/http-error';

/** A refused collection request as a toast with the server's sentence. */
export function collectionFailure(title: string, error: unknown): void {
  const body = error instanceof HttpError ? (error.body as { message?: unknown } | null) : null;
  const message =
    typeof body?.message === 'string'
      ? body.message
      : error instanceof Error
        ? error.message
        : String(error);
  toast.error(title, { description: message });
}
