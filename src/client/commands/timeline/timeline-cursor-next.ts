import { activeTimeline } from '../../components/timeline/timeline-controller';
import { defineCommand } from '../command';

/** Moves the timeline cursor to the later event. */
export const timelineCursorNext = defineCommand({
  id: 'timeline.cursorNext',
  hiddenInPalette: true,
  disabledReason: () => (activeTimeline() ? null : 'Open an incident timeline first.'),
  run: () => activeTimeline()?.cursorNext(),
});
