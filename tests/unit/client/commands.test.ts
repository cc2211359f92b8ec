// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';

import { commandCatalog } from '../../../src/shared/commands/catalog';
import { commandsById } from '../../../src/client/commands/registry';

describe('client commands', () => {
  it('implement every command of the shared catalogue, and nothing else', () => {
    const implemented = [...commandsById.keys()].sort();
    const catalogued = commandCatalog.all.map((spec) => spec.id).sort();
    expect(implemented).toEqual(catalogued);
  });

  it('give "…" commands a way to choose their arguments', () => {
    const needsChoices = commandCatalog.all.filter((spec) => spec.title.endsWith('…') && spec.args);
    for (const spec of needsChoices) {
      const command = commandsById.get(spec.id)!;
      const handledElsewhere = [
        'investigation.open',
        'employee.open',
        'incident.open',
        'palette.open',
        'nav.go',
      ];
      expect(Boolean(command.choices) || handledElsewhere.includes(spec.id), spec.id).toBe(true);
    }
  });
});
