import { describe, expect, it } from 'vitest';

import { ariaRowCount, rowCountText } from '../../../../src/client/components/data-table/row-count';

describe('row count', () => {
  it('counts client rows, and filtered rows out of all of them', () => {
    expect(rowCountText({ mode: 'client', shown: 1234, total: 1234 })).toBe('1,234 rows');
    expect(rowCountText({ mode: 'client', shown: 1, total: 1 })).toBe('1 row');
    expect(rowCountText({ mode: 'client', shown: 234, total: 1234 })).toBe('234 of 1,234 rows');
  });

  it('says how much of a server list is loaded', () => {
    const partial = { mode: 'server', loaded: 500, total: 1_000_000, hasMore: true } as const;
    expect(rowCountText(partial)).toBe('loaded 500 of 1,000,000');
    expect(ariaRowCount(partial)).toBe(1_000_001);
    const unknown = { mode: 'server', loaded: 500, total: undefined, hasMore: true } as const;
    expect(rowCountText(unknown)).toBe('loaded 500');
    expect(ariaRowCount(unknown)).toBe(-1);
    expect(rowCountText({ mode: 'server', loaded: 80, total: 80, hasMore: false })).toBe('80 rows');
  });
});
