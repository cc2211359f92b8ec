import { defineCommand } from '../command';
import { cannotPivotCell, pivotCell } from './hunt-cell-pivot';

/** `n` on a value in the Hunt grid: the hunt without the events that have that value (NOT). */
export const huntExcludeValue = defineCommand({
  id: 'hunt.excludeValue',
  title: 'Exclude This Value from the Hunt (NOT)',
  category: 'Hunt',
  keywords: ['pivot', 'cell', 'value', 'not', 'without', 'filter', 'exclude'],
  disabledReason: cannotPivotCell,
  run: () => pivotCell('not'),
});
