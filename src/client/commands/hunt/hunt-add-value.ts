import { defineCommand } from '../command';
import { cannotPivotCell, pivotCell } from './hunt-cell-pivot';

/** `a` on a value in the Hunt grid: the hunt narrowed to events with that value too (AND). */
export const huntAddValue = defineCommand({
  id: 'hunt.addValue',
  title: 'Add This Value to the Hunt (AND)',
  category: 'Hunt',
  keywords: ['pivot', 'cell', 'value', 'and', 'narrow', 'filter', 'include'],
  disabledReason: cannotPivotCell,
  run: () => pivotCell('and'),
});
