import { activeList } from '../../components/data-table/list-controller';
import { defineCommand } from '../command';
import { NO_LIST } from './no-list';

/** Downloads the list as it is shown (filters, sort, columns) as CSV. */
export const listExportCsv = defineCommand({
  id: 'list.exportCsv',
  title: 'Export Rows as CSV',
  category: 'List',
  keywords: ['download', 'spreadsheet'],
  hiddenInPalette: false,
  disabledReason: () => (activeList() ? null : NO_LIST),
  run: () => activeList()?.exportCsv(),
});
