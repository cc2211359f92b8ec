import { activeList } from '../../components/data-table/list-controller';
import { defineCommand } from '../command';
import { NO_LIST } from './no-list';

/** Extends the selection one row down. */
export const listExtendNext = defineCommand({
  id: 'list.extendNext',
  title: 'Extend Selection Down',
  category: 'List',
  keywords: ['select'],
  hiddenInPalette: true,
  disabledReason: () => (activeList() ? null : NO_LIST),
  run: () => activeList()?.extendNext(),
});
