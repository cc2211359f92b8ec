import { activeList } from '../../components/data-table/list-controller';
import { defineCommand } from '../command';
import { NO_LIST } from './no-list';

/** Opens the row under the cursor. */
export const listOpen = defineCommand({
  id: 'list.open',
  title: 'Open Row',
  category: 'List',
  keywords: ['enter', 'details'],
  hiddenInPalette: true,
  disabledReason: () => (activeList() ? null : NO_LIST),
  run: () => activeList()?.open({ newTab: false }),
});
