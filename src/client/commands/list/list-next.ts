import { activeList } from '../../components/data-table/list-controller';
import { defineCommand } from '../command';
import { NO_LIST } from './no-list';

/** Moves the list cursor down one row. */
export const listNext = defineCommand({
  id: 'list.next',
  title: 'Next Row',
  category: 'List',
  keywords: ['down'],
  hiddenInPalette: true,
  disabledReason: () => (activeList() ? null : NO_LIST),
  run: () => activeList()?.next(),
});
