import { atom } from 'jotai';

import type { Pin, VerifyPinReply } from '../../shared/schemas/findings/pins';

/**
 * What `evidence.verify` and `evidence.unpin` act on: the locker's pinned-evidence grid, which
 * owns its rows and its dialog. The commands only decide whether they can run.
 */
export interface PinnedTarget {
  /** The pin under the grid's cursor, or null when nothing is pinned. */
  pin(): Pin | null;
  /** Re-hashes the pin under the cursor and shows the answer. */
  verify(): void;
  /** Asks for the reason, then removes the pin under the cursor (it stays as a tombstone). */
  unpin(): void;
}

let target: PinnedTarget | null = null;

/** Makes the pinned-evidence grid the target of the pin commands; returns the undo. */
export function setPinnedTarget(next: PinnedTarget): () => void {
  target = next;
  return () => {
    if (target === next) target = null;
  };
}

/** The pinned-evidence grid on screen, if one is. */
export function pinnedTarget(): PinnedTarget | null {
  return target;
}

/** The last verification of each pin this session, by pin id. */
export const pinChecksAtom = atom<Readonly<Record<string, VerifyPinReply>>>({});
