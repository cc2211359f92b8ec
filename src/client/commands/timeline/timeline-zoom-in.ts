import { activeTimeline } from '../../components/timeline/timeline-controller';
import { defineCommand } from '../command';

/** Zooms the timeline in. */
export const timelineZoomIn = defineCommand({
  id: 'timeline.zoomIn',
  title: 'Zoom Timeline In',
  category: 'Timeline',
  keywords: ['magnify'],
  hiddenInPalette: false,
  disabledReason: () => (activeTimeline() ? null : 'Open an incident timeline first.'),
  run: () => activeTimeline()?.zoomIn(),
});
