import type { Reveal } from '../../shared/schemas/privacy';

/**
 * What the `reveal.approve` and `reveal.deny` commands act on: the request under the cursor of
 * the Reveal requests screen. The screen owns its rows and its dialog; the commands decide
 * whether they can run and pass the key on.
 */
export interface RevealTarget {
  /** The request under the cursor, if any. */
  reveal(): Reveal | null;
  approve(): void;
  /** Asks for the reason, then denies. */
  deny(): void;
}

let target: RevealTarget | null = null;

/** Makes a screen the target of the reveal commands; returns the function that undoes it. */
export function setRevealTarget(next: RevealTarget): () => void {
  target = next;
  return () => {
    if (target === next) target = null;
  };
}

/** The screen the reveal commands act on, if one is shown. */
export function revealTarget(): RevealTarget | null {
  return target;
}
