import type { ApiToken } from '../../shared/schemas/api-tokens';

/**
 * What `apiToken.revoke` acts on: the token list shown (one's own under Settings, or everyone's
 * on the admin screen), which owns its rows and its confirmation; the command only decides
 * whether it can run and passes the key on.
 */
export interface ApiTokenTarget {
  /** The token under the cursor; null when the list is empty. */
  token(): ApiToken | null;
  /** Asks for confirmation, then revokes the token under the cursor. */
  revoke(): void;
}

let target: ApiTokenTarget | null = null;

/** Makes a token list the target of the token commands; returns the undo. */
export function setApiTokenTarget(next: ApiTokenTarget): () => void {
  target = next;
  return () => {
    if (target === next) target = null;
  };
}

/** The token list the commands act on, if one is shown. */
export function apiTokenTarget(): ApiTokenTarget | null {
  return target;
}
