import { activeList } from '../../components/data-table/list-controller';
import { defineCommand } from '../command';
import { NO_LIST } from './no-list';

/** Clears the selection of the focused list. */
export const listClearSelection = defineCommand({
  id: 'list.clearSelection',
  title: 'Clear Selection',
  category: 'List',
  keywords: ['deselect', 'unselect'],
  disabledReason: () => (activeList() ? null : NO_LIST),
  run: () => {
    activeList()?.clearSelection();
  },
});
