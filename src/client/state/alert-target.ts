import type { AlertSummary } from '../../shared/schemas/alerts';

/**
 * What the `alert.*` commands act on: the alerts a screen has in hand (the queue's selection or
 * cursor row, or the alert on its own screen). Screens own their rows and their dialogs, so they
 * answer and act; the commands only decide whether they can run and pass the key on.
 */
export interface AlertTarget {
  /** The alerts an action would change now: the selected rows, else the one under the cursor. */
  alerts(): readonly AlertSummary[];
  /** Asks for the reason, then dismisses them. */
  dismiss(): void;
  /** Assigns them to a user; null leaves them to nobody. */
  assign(userId: string | null): void;
  /** Marks them in review. */
  review(): void;
  /** Puts them back in the queue as new. */
  reopen(): void;
  /** Opens a case about the one alert's person (or adds it to their open case) and goes there. */
  escalate(): void;
}

let target: AlertTarget | null = null;

/** Makes a screen the target of the alert commands; returns the function that undoes it. */
export function setAlertTarget(next: AlertTarget): () => void {
  target = next;
  return () => {
    if (target === next) target = null;
  };
}

/** The screen the alert commands act on, if one is shown. */
export function alertTarget(): AlertTarget | null {
  return target;
}
