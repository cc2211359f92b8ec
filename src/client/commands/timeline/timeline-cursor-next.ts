import { activeTimeline } from '../../components/timeline/timeline-controller';
import { defineCommand } from '../command';

/** Moves the timeline cursor to the later event. */
export const timelineCursorNext = defineCommand({
  id: 'timeline.cursorNext',
  title: 'Next Timeline Event',
  category: 'Timeline',
  keywords: ['right', 'later'],
  hiddenInPalette: true,
  disabledReason: () => (activeTimeline() ? null : 'Open an incident timeline first.'),
  run: () => activeTimeline()?.cursorNext(),
});
