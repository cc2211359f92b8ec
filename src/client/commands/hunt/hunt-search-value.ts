import { defineCommand } from '../command';
import { cannotPivotCell, pivotCell } from './hunt-cell-pivot';

/** `s` on a value in the Hunt grid: a new hunt for that value alone (`file.name:"Q3.xlsx"`). */
export const huntSearchValue = defineCommand({
  id: 'hunt.searchValue',
  title: 'Search for This Value',
  category: 'Hunt',
  keywords: ['pivot', 'cell', 'value', 'hunt', 'query', 'only'],
  disabledReason: cannotPivotCell,
  run: () => pivotCell('only'),
});
