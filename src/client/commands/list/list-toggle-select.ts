import { activeList } from '../../components/data-table/list-controller';
import { defineCommand } from '../command';
import { NO_LIST } from './no-list';

/** Selects or unselects the row under the cursor. */
export const listToggleSelect = defineCommand({
  id: 'list.toggleSelect',
  title: 'Toggle Row Selection',
  category: 'List',
  keywords: ['select', 'check'],
  hiddenInPalette: true,
  disabledReason: () => (activeList() ? null : NO_LIST),
  run: () => activeList()?.toggleSelect(),
});
