import { atom, useAtom } from 'jotai';
import { atomFamily } from 'jotai-family';
import { useCallback } from 'react';

import { registerInvestigationFamily } from '../../../workspace/investigation-state';

/** Where an investigator is on one incident's timeline. */
export interface TimelineView {
  /** Index of the event under the cursor. */
  cursor: number;
  /** 0 shows the whole incident; each step halves the span shown. */
  zoom: number;
  /** Events expanded to their raw record. */
  expanded: readonly string[];
}

/** The deepest zoom: 2^12 times closer than the whole incident. */
export const MAX_ZOOM = 12;

const initial: TimelineView = { cursor: 0, zoom: 0, expanded: [] };

/**
 * Timeline positions of every incident of a case, kept while a tab shows the case (so going
 * back to an incident finds the cursor where it was) and released with the case's last tab.
 */
export const timelineViewsFamily = registerInvestigationFamily(
  atomFamily((_investigationId: string) => atom<Readonly<Record<string, TimelineView>>>({})),
);

/** The view of one incident's timeline and an updater for it. */
export function useTimelineView(
  investigationId: string,
  incidentId: string,
): [TimelineView, (update: (view: TimelineView) => TimelineView) => void] {
  const [views, setViews] = useAtom(timelineViewsFamily(investigationId));
  const view = views[incidentId] ?? initial;
  const update = useCallback(
    (change: (view: TimelineView) => TimelineView) =>
      setViews((all) => ({ ...all, [incidentId]: change(all[incidentId] ?? initial) })),
    [incidentId, setViews],
  );
  return [view, update];
}

/** The time span the axis shows at a zoom level, centred on the cursor and kept inside the incident. */
export function visibleRange(
  first: number,
  last: number,
  centre: number,
  zoom: number,
): { start: number; end: number } {
  const padding = Math.max(60_000, (last - first) * 0.04);
  const from = first - padding;
  const to = last + padding;
  const span = Math.max(60_000, (to - from) / 2 ** zoom);
  const start = Math.min(Math.max(from, centre - span / 2), to - span);
  return { start, end: start + span };
}
