import { activeList } from '../../components/data-table/list-controller';
import { defineCommand } from '../command';
import { NO_LIST } from './no-list';

/** Jumps to the last row. */
export const listLast = defineCommand({
  id: 'list.last',
  title: 'Last Row',
  category: 'List',
  keywords: ['bottom'],
  hiddenInPalette: true,
  disabledReason: () => (activeList()?.last ? null : NO_LIST),
  run: () => activeList()?.last?.(),
});
