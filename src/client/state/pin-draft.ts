import { atom } from 'jotai';

import { findingRef, pinTableOf } from '../../shared/findings/pin-tables';
import type { PinTableId, PinTableRow } from '../../shared/findings/pin-tables';
import type { CreatePinBody, Pin } from '../../shared/schemas/findings/pins';

/**
 * What a row would pin: the body that names it (event ids, or a finding table and key; the
 * server captures the content), what the dialog shows, and how pinned rows are recognised.
 */
export interface PinTarget {
  body: Omit<CreatePinBody, 'note'>;
  /** What the dialog names (the server labels the pin itself). */
  label: string;
  /** Where it is pinned from: an evidence page's slug, `incidents`, or null. */
  page: string | null;
  /** The pin's ref once pinned (what `?pin=` names on the page it came from). */
  ref: string;
  /** `events:<id>` or `finding:<ref>`: what a live pin of it marks (see pinMarks). */
  mark: string;
}

/** A pin waiting for its note: what the focused row would pin, and to which case. */
export interface PinDraft {
  investigationId: string;
  target: PinTarget;
}

/** Pins one event (from an evidence page, the incident timeline, or none). */
export function eventPinTarget(
  event: { id: string; summary: string },
  page: string | null,
  incidentId?: string,
): PinTarget {
  return {
    body: {
      eventIds: [event.id],
      ...(page ? { page } : {}),
      ...(incidentId ? { incidentId } : {}),
    },
    label: event.summary,
    page,
    ref: event.id,
    mark: `events:${event.id}`,
  };
}

/** Pins a finding row by its table and key (findings/pin-tables.ts). */
export function findingPinTarget<T extends PinTableId>(table: T, row: PinTableRow<T>): PinTarget {
  const definition = pinTableOf(table);
  const key = definition.key(row);
  const ref = findingRef(table, key);
  return {
    body: { finding: table, key },
    label: definition.label(row),
    page: definition.page,
    ref,
    mark: `finding:${ref}`,
  };
}

/** What a live pin marks: each of its events, or its finding row (older kinds included). */
export function pinMarks(pin: Pin): string[] {
  if (pin.removed) return [];
  return pin.kind === 'events' || pin.kind === 'event'
    ? pin.eventIds.map((id) => `events:${id}`)
    : [`finding:${pin.ref}`];
}

/** The draft the "Pin to evidence" dialog is editing (null: closed). */
export const pinDraftAtom = atom<PinDraft | null>(null);

/**
 * What the focused list would pin: a draft, a sentence saying why its row cannot be pinned (an
 * alert without a case), or null when it has no row under the cursor.
 */
type PinSource = () => PinDraft | string | null;

let source: PinSource | null = null;

/**
 * Registers what the `evidence.pin` command pins while a finding table, the subject timeline or
 * an alert's events have the focus; returns the function that unregisters it. Lists own their
 * rows, so they answer, not the command.
 */
export function setPinSource(next: PinSource): () => void {
  source = next;
  return () => {
    if (source === next) source = null;
  };
}

/** The draft for the focused row, or null when no list that pins has the focus. */
export function currentPinDraft(): PinDraft | null {
  const answer = source?.() ?? null;
  return typeof answer === 'string' ? null : answer;
}

/** Why the focused list's row cannot be pinned, when the list says so; else null. */
export function pinRefusal(): string | null {
  const answer = source?.() ?? null;
  return typeof answer === 'string' ? answer : null;
}
