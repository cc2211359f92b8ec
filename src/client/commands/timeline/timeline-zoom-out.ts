import { activeTimeline } from '../../components/timeline/timeline-controller';
import { defineCommand } from '../command';

/** Zooms the timeline out. */
export const timelineZoomOut = defineCommand({
  id: 'timeline.zoomOut',
  title: 'Zoom Timeline Out',
  category: 'Timeline',
  keywords: ['shrink'],
  hiddenInPalette: false,
  disabledReason: () => (activeTimeline() ? null : 'Open an incident timeline first.'),
  run: () => activeTimeline()?.zoomOut(),
});
