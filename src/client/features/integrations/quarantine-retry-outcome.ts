import type { RetryQuarantineReply } from '../../../shared/schemas/quarantine';
import { HttpError } from '../../api/http-error';
import { integrationError } from './integration-errors';

/** What "Try again" did, in a sentence: how many left the quarantine, how many remain. */
export function retryOutcome(reply: RetryQuarantineReply): string {
  if (reply.retried === 0) {
    return reply.remaining === 0
      ? 'Nothing to try again: the quarantine is empty.'
      : `Nothing could be tried again: the ${reply.remaining} records left were cut at 1 MB or are empty.`;
  }
  const left =
    reply.released === 1 ? '1 left the quarantine' : `${reply.released} left the quarantine`;
  const still = reply.remaining === 1 ? '1 record remains' : `${reply.remaining} records remain`;
  return `Tried ${reply.retried} again: ${left}; ${still}.`;
}

/** Why "Try again" did not run: the server's sentence (409 while another retry runs). */
export function retryRefusal(error: unknown): string {
  if (error instanceof HttpError && error.status === 409) {
    return (
      error.serverMessage ??
      'A retry of this quarantine is already running; try again when it ends.'
    );
  }
  return integrationError(error);
}
