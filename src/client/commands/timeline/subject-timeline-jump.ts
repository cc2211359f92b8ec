import { activeSubjectTimeline } from '../../components/timeline/subject-timeline-controller';
import { defineCommand } from '../command';

/** Asks for a date and starts the subject timeline there. */
export const subjectTimelineJump = defineCommand({
  id: 'subjectTimeline.jumpToDate',
  title: 'Jump to a Date in the Subject Timeline…',
  category: 'Timeline',
  keywords: ['go to', 'day', 'date', 'events'],
  disabledReason: () => (activeSubjectTimeline() ? null : 'Open the subject timeline first.'),
  run: () => activeSubjectTimeline()?.jumpToDate(),
});
