import { activeList } from '../../components/data-table/list-controller';
import { defineCommand } from '../command';
import { NO_LIST } from './no-list';

/** Selects every row of the list. */
export const listSelectAll = defineCommand({
  id: 'list.selectAll',
  title: 'Select All Rows',
  category: 'List',
  keywords: ['select'],
  hiddenInPalette: false,
  disabledReason: () => (activeList() ? null : NO_LIST),
  run: () => activeList()?.selectAll(),
});
