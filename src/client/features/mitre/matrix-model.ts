import { attackTactics, techniquesOfTactic } from '../../../shared/attack';
import type { AttackTactic, AttackTechnique } from '../../../shared/attack';
import type { ActiveTechniquesReply } from '../../../shared/schemas/incidents';

/** What the case shows of one technique. */
export type Observation = ActiveTechniquesReply['techniques'][number];

/** One cell: a catalogue technique under a tactic, and what the case shows of it (if anything). */
export interface MatrixCell {
  technique: AttackTechnique;
  observed: Observation | undefined;
}

/** One column of the matrix: a tactic and its techniques, sub-techniques after their parent. */
export interface MatrixColumn {
  tactic: AttackTactic;
  cells: MatrixCell[];
}

/** The matrix in ATT&CK's tactic order, every catalogue technique present, observations attached. */
export function buildMatrix(observations: readonly Observation[]): MatrixColumn[] {
  const byId = new Map(observations.map((o) => [o.technique, o]));
  return attackTactics.map((tactic) => ({
    tactic,
    cells: techniquesOfTactic(tactic.shortName).map((technique) => ({
      technique,
      observed: byId.get(technique.id),
    })),
  }));
}

/** A cell's place: column and row. */
export interface CellPosition {
  column: number;
  row: number;
}

/** The first cell of the first column that has one; observed cells first if any. */
export function firstPosition(columns: readonly MatrixColumn[]): CellPosition | null {
  for (const [column, c] of columns.entries()) {
    const row = c.cells.findIndex((cell) => cell.observed);
    if (row >= 0) return { column, row };
  }
  const column = columns.findIndex((c) => c.cells.length > 0);
  return column >= 0 ? { column, row: 0 } : null;
}

/**
 * Where an arrow key leads: up and down within the column (stopping at its ends), left and
 * right to the nearest column that has techniques, keeping the row as far as that column goes.
 */
export function move(
  columns: readonly MatrixColumn[],
  from: CellPosition,
  key: 'up' | 'down' | 'left' | 'right' | 'home' | 'end',
): CellPosition {
  const rows = (column: number) => columns[column]?.cells.length ?? 0;
  switch (key) {
    case 'up':
      return { ...from, row: Math.max(0, from.row - 1) };
    case 'down':
      return { ...from, row: Math.min(rows(from.column) - 1, from.row + 1) };
    case 'home':
      return { ...from, row: 0 };
    case 'end':
      return { ...from, row: rows(from.column) - 1 };
    default: {
      const step = key === 'left' ? -1 : 1;
      for (
        let column = from.column + step;
        column >= 0 && column < columns.length;
        column += step
      ) {
        if (rows(column) > 0) return { column, row: Math.min(from.row, rows(column) - 1) };
      }
      return from;
    }
  }
}
