import { describe, expect, it } from 'vitest';

import { foldersImportingBothWays, folderOf } from '../../boundaries/folder-pairs';

describe('the folder-pair boundary check', () => {
  it('names two folders that import each other through different files', () => {
    const pairs = foldersImportingBothWays([
      { from: 'src/server/analysis/findings/a.ts', to: 'src/server/case/b.ts' },
      { from: 'src/server/case/c.ts', to: 'src/server/analysis/runs/d.ts' },
      { from: 'src/server/case/c.ts', to: 'src/server/db/queries/e.ts' },
    ]);
    expect(pairs).toEqual([
      {
        pair: ['src/server/analysis', 'src/server/case'],
        examples: [
          'src/server/analysis/findings/a.ts → src/server/case/b.ts',
          'src/server/case/c.ts → src/server/analysis/runs/d.ts',
        ],
      },
    ]);
  });

  it('lets imports flow one way, within a folder, and from files at a side’s root', () => {
    expect(
      foldersImportingBothWays([
        { from: 'src/server/case/a.ts', to: 'src/server/db/b.ts' },
        { from: 'src/server/case/a.ts', to: 'src/server/case/pins/c.ts' },
        { from: 'src/server/app.ts', to: 'src/server/routes/x.ts' },
        { from: 'src/server/routes/x.ts', to: 'src/server/app.ts' },
        { from: 'src/client/api/x.ts', to: 'src/shared/y.ts' },
      ]),
    ).toEqual([]);
    expect(folderOf('src/server/domain-error.ts')).toBeNull();
  });
});
