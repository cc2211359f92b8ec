import { activeList } from '../../components/data-table/list-controller';
import { defineCommand } from '../command';
import { NO_LIST } from './no-list';

/** Moves the list cursor up one row. */
export const listPrev = defineCommand({
  id: 'list.prev',
  title: 'Previous Row',
  category: 'List',
  keywords: ['up'],
  hiddenInPalette: true,
  disabledReason: () => (activeList() ? null : NO_LIST),
  run: () => activeList()?.prev(),
});
