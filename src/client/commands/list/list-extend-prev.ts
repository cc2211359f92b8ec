import { activeList } from '../../components/data-table/list-controller';
import { defineCommand } from '../command';
import { NO_LIST } from './no-list';

/** Extends the selection one row up. */
export const listExtendPrev = defineCommand({
  id: 'list.extendPrev',
  title: 'Extend Selection Up',
  category: 'List',
  keywords: ['select'],
  hiddenInPalette: true,
  disabledReason: () => (activeList() ? null : NO_LIST),
  run: () => activeList()?.extendPrev(),
});
