// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';

import defaultKeymap from '../../../keymaps/default.json';
import vimKeymap from '../../../keymaps/vim.json';
import { commandsById } from '../../../src/client/commands/registry';
import { shortcutGroups } from '../../../src/client/keymap/shortcut-rows';
import type { KeymapLayer } from '../../../src/shared/keymap/keymap-layers';
import { createKeymap } from '../../../src/shared/keymap/resolver';

/** The `?` sheet of a view, as the user reads it: category, then "title: keys" lines. */
function sheet(layers: KeymapLayer[], context: Record<string, string | number | boolean>) {
  const keymap = createKeymap(layers, { platform: 'linux' });
  return shortcutGroups(keymap.activeBindings(context), commandsById, 'linux');
}

const rowsOf = (groups: ReturnType<typeof sheet>) =>
  groups.flatMap((group) => group.rows.map((row) => `${row.title}: ${row.keys.join(' | ')}`));

const inAList = { listFocus: true, tabCount: 3, splitOpen: false, investigationId: '' };

describe('the ? sheet', () => {
  it('shows tab 1 to 9 as one row in words, not nine rows of raw arguments', () => {
    const workspace = sheet([defaultKeymap], inAList).find((g) => g.category === 'Workspace');
    const tabRows = workspace!.rows.filter((row) => row.title.includes('Tab by Number'));
    expect(tabRows).toEqual([{ title: 'Go to Tab by Number', keys: ['T 1–9'] }]);
  });

  it('names the palette in words, whatever mode a key opens it in', () => {
    const rows = rowsOf(sheet([defaultKeymap], inAList));
    expect(rows).toContain('Open the Command Palette: Ctrl+Shift+K');
    expect(rows).toContain('Open or Close the Palette (Search Everything): Ctrl+K');
    // The vim profile's `:` opens the same mode, so it shares the row.
    const vim = rowsOf(sheet([defaultKeymap, vimKeymap], inAList));
    expect(vim).toContain('Open the Command Palette: Ctrl+Shift+K | :');
  });

  it('puts every key of one action on its row: j and Down both move to the next row', () => {
    const list = sheet([defaultKeymap], inAList).find((g) => g.category === 'List');
    expect(list!.rows.find((row) => row.title === 'Next Row')?.keys).toEqual(['J', '↓']);
  });

  it('never shows a raw argument or a title twice', () => {
    for (const context of [inAList, { investigationId: 'x', view: 'incident', splitOpen: true }]) {
      const titles = sheet([defaultKeymap, vimKeymap], context).flatMap((group) =>
        group.rows.map((row) => row.title),
      );
      // The old sheet appended raw args: "Go to Tab: 1", "Open Command Palette In Mode: commands".
      expect(titles.filter((title) => /In Mode|: (\d+|[a-z]+)$/.test(title))).toEqual([]);
      expect(new Set(titles).size).toBe(titles.length);
    }
  });
});
