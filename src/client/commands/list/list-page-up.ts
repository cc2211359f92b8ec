import { activeList } from '../../components/data-table/list-controller';
import { defineCommand } from '../command';
import { NO_LIST } from './no-list';

/** Moves the cursor a screen up. */
export const listPageUp = defineCommand({
  id: 'list.pageUp',
  title: 'Page Up',
  category: 'List',
  keywords: ['scroll'],
  hiddenInPalette: true,
  disabledReason: () => (activeList()?.pageUp ? null : NO_LIST),
  run: () => activeList()?.pageUp?.(),
});
