import { atom } from 'jotai';

import type { CreatePinBody } from '../../../shared/schemas/findings/pins';

/** A pin waiting for its note: what the focused finding row would pin, and to which case. */
export interface PinDraft {
  investigationId: string;
  body: CreatePinBody;
}

/** The draft the "Pin to evidence" dialog is editing (null: closed). */
export const pinDraftAtom = atom<PinDraft | null>(null);

type PinSource = () => PinDraft | null;

let source: PinSource | null = null;

/**
 * Registers what the `evidence.pin` command pins while a finding table has the focus; returns
 * the function that unregisters it. Tables own their rows, so they answer, not the command.
 */
export function setPinSource(next: PinSource): () => void {
  source = next;
  return () => {
    if (source === next) source = null;
  };
}

/** The draft for the focused finding row, or null when no finding table has the focus. */
export function currentPinDraft(): PinDraft | null {
  return source?.() ?? null;
}
