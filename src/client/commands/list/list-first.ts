import { activeList } from '../../components/data-table/list-controller';
import { defineCommand } from '../command';
import { NO_LIST } from './no-list';

/** Jumps to the first row. */
export const listFirst = defineCommand({
  id: 'list.first',
  title: 'First Row',
  category: 'List',
  keywords: ['top'],
  hiddenInPalette: true,
  disabledReason: () => (activeList()?.first ? null : NO_LIST),
  run: () => activeList()?.first?.(),
});
