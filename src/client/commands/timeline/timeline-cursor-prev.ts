import { activeTimeline } from '../../components/timeline/timeline-controller';
import { defineCommand } from '../command';

/** Moves the timeline cursor to the earlier event. */
export const timelineCursorPrev = defineCommand({
  id: 'timeline.cursorPrev',
  title: 'Previous Timeline Event',
  category: 'Timeline',
  keywords: ['left', 'earlier'],
  hiddenInPalette: true,
  disabledReason: () => (activeTimeline() ? null : 'Open an incident timeline first.'),
  run: () => activeTimeline()?.cursorPrev(),
});
