/**
 * What the `timeline.*` commands act on: the incident timeline on screen. It registers itself
 * while mounted in the focused pane; without one, the commands say why they are disabled.
 */
export interface TimelineController {
  cursorPrev(): void;
  cursorNext(): void;
  zoomIn(): void;
  zoomOut(): void;
  /** Expands the event under the cursor to its raw record. */
  expand(): void;
}

let active: TimelineController | null = null;

/** Makes a timeline the target of the timeline commands; returns a function that undoes it. */
export function setActiveTimeline(controller: TimelineController): () => void {
  active = controller;
  return () => {
    if (active === controller) active = null;
  };
}

/** The timeline on screen, if any. */
export function activeTimeline(): TimelineController | null {
  return active;
}
