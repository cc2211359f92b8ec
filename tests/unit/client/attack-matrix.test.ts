import { describe, expect, it } from 'vitest';

import { buildMatrix, firstPosition, move } from '../../../src/client/features/mitre/matrix-model';
import { attackTactics } from '../../../src/shared/attack';

const observation = (technique: string, count = 1) => ({
  technique,
  name: technique,
  tactics: [],
  count,
  eventCount: count,
  maxSeverity: 'high' as const,
  incidents: [],
});

describe('the ATT&CK matrix model', () => {
  const columns = buildMatrix([observation('T1052.001', 2), observation('T1098')]);

  it('has every tactic in ATT&CK order, sub-techniques after their parent', () => {
    expect(columns.map((c) => c.tactic.id)).toEqual(attackTactics.map((t) => t.id));
    const exfiltration = columns.find((c) => c.tactic.shortName === 'exfiltration')!;
    const ids = exfiltration.cells.map((cell) => cell.technique.id);
    expect(ids.indexOf('T1052.001')).toBe(ids.indexOf('T1052') + 1);
    expect(
      exfiltration.cells.find((cell) => cell.technique.id === 'T1052.001')?.observed?.count,
    ).toBe(2);
  });

  it('starts on the first observed technique in column order', () => {
    const start = firstPosition(columns)!;
    expect(columns[start.column]!.cells[start.row]!.technique.id).toBe('T1098');
  });

  it('moves within a column, stops at its ends, and skips tactics without techniques', () => {
    const persistence = columns.findIndex((c) => c.tactic.shortName === 'persistence');
    expect(move(columns, { column: persistence, row: 0 }, 'up')).toEqual({
      column: persistence,
      row: 0,
    });
    const last = columns[persistence]!.cells.length - 1;
    expect(move(columns, { column: persistence, row: last }, 'down')).toEqual({
      column: persistence,
      row: last,
    });
    const discovery = columns.findIndex((c) => c.tactic.shortName === 'discovery');
    const credentialAccess = columns.findIndex((c) => c.tactic.shortName === 'credential-access');
    expect(columns[credentialAccess]!.cells).toHaveLength(0);
    expect(move(columns, { column: credentialAccess - 1, row: 0 }, 'right').column).toBe(discovery);
    const impact = columns.length - 1;
    expect(move(columns, { column: impact, row: 0 }, 'right')).toEqual({ column: impact, row: 0 });
    expect(move(columns, { column: discovery, row: 99 }, 'left').row).toBeLessThan(
      columns[credentialAccess - 1]!.cells.length,
    );
  });
});
