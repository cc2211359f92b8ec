import { activeList } from '../../components/data-table/list-controller';
import { defineCommand } from '../command';
import { NO_LIST } from './no-list';

/** Opens the row under the cursor in a new workspace tab. */
export const listOpenInNewTab = defineCommand({
  id: 'list.openInNewTab',
  title: 'Open Row in New Tab',
  category: 'List',
  keywords: ['tab'],
  hiddenInPalette: true,
  disabledReason: () => (activeList() ? null : NO_LIST),
  run: () => activeList()?.open({ newTab: true }),
});
