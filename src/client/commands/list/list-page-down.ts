import { activeList } from '../../components/data-table/list-controller';
import { defineCommand } from '../command';
import { NO_LIST } from './no-list';

/** Moves the cursor a screen down. */
export const listPageDown = defineCommand({
  id: 'list.pageDown',
  title: 'Page Down',
  category: 'List',
  keywords: ['scroll'],
  hiddenInPalette: true,
  disabledReason: () => (activeList()?.pageDown ? null : NO_LIST),
  run: () => activeList()?.pageDown?.(),
});
