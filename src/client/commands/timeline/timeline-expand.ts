import { activeTimeline } from '../../components/timeline/timeline-controller';
import { defineCommand } from '../command';

/** Expands the event under the cursor to its raw record. */
export const timelineExpand = defineCommand({
  id: 'timeline.expand',
  title: 'Expand Timeline Event',
  category: 'Timeline',
  keywords: ['details', 'open'],
  hiddenInPalette: false,
  disabledReason: () => (activeTimeline() ? null : 'Open an incident timeline first.'),
  run: () => activeTimeline()?.expand(),
});
