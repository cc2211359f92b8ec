import { buildPath } from '../../../../shared/routes';
import type { TimelineLink } from '../../../../shared/schemas/subject-timeline';

/** A span of time, epoch ms, end exclusive. */
interface Span {
  start: number;
  end: number;
}

/**
 * The subject timeline of a case filtered to the events behind a figure: the figure's filters
 * over the span it was counted in (the page's window, or one day of a chart).
 */
export function timelineTo(investigationId: string, span: Span | undefined, link: TimelineLink) {
  return buildPath(
    'subjectTimeline',
    { id: investigationId },
    { ...link, ...(span ? { from: span.start, to: span.end } : {}) },
  );
}

/** The UTC day of a chart's x value (`YYYY-MM-DD`), as a span. */
export function utcDay(date: string): Span {
  const start = Date.parse(`${date.slice(0, 10)}T00:00:00Z`);
  return { start, end: start + 86_400_000 };
}
