/**
 * What the `subjectTimeline.*` commands act on: the subject timeline on screen. It registers
 * itself while mounted; without one, the commands say why they are disabled.
 */
export interface SubjectTimelineController {
  /** Moves the keys to the first filter (source). */
  openFilters(): void;
  /** Moves the keys to the date box, whose Enter starts the list at that date. */
  jumpToDate(): void;
}

let active: SubjectTimelineController | null = null;

/** Makes a subject timeline the target of its commands; returns a function that undoes it. */
export function setActiveSubjectTimeline(controller: SubjectTimelineController): () => void {
  active = controller;
  return () => {
    if (active === controller) active = null;
  };
}

/** The subject timeline on screen, if any. */
export function activeSubjectTimeline(): SubjectTimelineController | null {
  return active;
}
