import { activeSubjectTimeline } from '../../components/timeline/subject-timeline-controller';
import { defineCommand } from '../command';

/** Moves the keys to the subject timeline's filters (source, activity, label). */
export const subjectTimelineFilter = defineCommand({
  id: 'subjectTimeline.filter',
  title: 'Filter the Subject Timeline',
  category: 'Timeline',
  keywords: ['source', 'activity', 'label', 'narrow', 'events'],
  disabledReason: () => (activeSubjectTimeline() ? null : 'Open the subject timeline first.'),
  run: () => activeSubjectTimeline()?.openFilters(),
});
