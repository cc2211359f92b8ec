import { defineCommand } from '../command';
import { huntTarget } from './hunt-target';

/** `?` on the Hunt screen: the fields a query may name, with examples, and the screen's keys. */
export const huntFields = defineCommand({
  id: 'hunt.fields',
  title: 'Show Hunt Query Fields',
  category: 'Hunt',
  keywords: ['help', 'syntax', 'fields', 'query', 'examples', 'kql', 'lucene'],
  disabledReason: () => (huntTarget() ? null : 'Open Hunt first (g h).'),
  run: () => huntTarget()?.showFields(),
});
