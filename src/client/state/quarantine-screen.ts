import type { QuarantinedRecord } from '../../shared/schemas/quarantine';

/**
 * What the `quarantine.*` commands act on: the Quarantine screen on show. It registers itself
 * while mounted and owns its rows and dialogs; the commands decide whether they can run and
 * pass the key on.
 */
export interface QuarantineScreen {
  /** The integration id (or `command-line`) whose quarantine is shown. */
  readonly quarantineId: string;
  /** The record under the cursor, if any. */
  record(): QuarantinedRecord | null;
  /** Whether a retry of this quarantine runs now (this tab's, or another's as the server says). */
  retrying(): boolean;
  retry(): void;
  download(): void;
  /** Asks for the reason, then discards the record under the cursor. */
  discard(): void;
}

let active: QuarantineScreen | null = null;

/** Makes a Quarantine screen the target of its commands; returns the function that undoes it. */
export function setQuarantineScreen(screen: QuarantineScreen): () => void {
  active = screen;
  return () => {
    if (active === screen) active = null;
  };
}

/** The Quarantine screen on show, if any. */
export function quarantineScreen(): QuarantineScreen | null {
  return active;
}
