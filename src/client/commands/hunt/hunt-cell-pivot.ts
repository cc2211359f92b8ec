import type { PivotHow } from '../../../shared/hunt/query-text';
import { huntTarget } from './hunt-target';

/**
 * Why the value under the Hunt grid's cell cursor cannot be pivoted on, or null: what the
 * three cell pivots (s, a, n) share.
 */
export function cannotPivotCell(): string | null {
  const target = huntTarget();
  if (!target) return 'Open Hunt first (g h).';
  if (!target.cellValue())
    return 'Move to a value in the results first (Tab to them, then the arrows): a time or the sentence of what happened is not a field.';
  return null;
}

/** Pivots on the value under the Hunt grid's cell cursor. */
export function pivotCell(how: PivotHow): void {
  const target = huntTarget();
  const cell = target?.cellValue();
  if (target && cell) target.pivot(cell.field, cell.value, how);
}
