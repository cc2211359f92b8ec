import { readdirSync, readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { commandIds } from '../../../src/shared/commands/command-ids';
import { mayBindToKey } from '../../../src/shared/commands/command-spec';
import type { KeymapFile } from '../../../src/shared/keymap/keymap-file';
import { keymapFileSchema, keymapJsonSchema } from '../../../src/shared/keymap/keymap-file';
import { createKeymap, idleKeymapState } from '../../../src/shared/keymap/resolver';
import { validateKeymapFile, validateLayers } from '../../../src/shared/keymap/validate';
import { chord } from './support/chords';

const folder = new URL('../../../keymaps/', import.meta.url);
const readJson = (name: string): unknown => JSON.parse(readFileSync(new URL(name, folder), 'utf8'));
const keymapFiles = readdirSync(folder).filter(
  (name) => name.endsWith('.json') && name !== 'keymap.schema.json',
);
const load = (name: string): KeymapFile => keymapFileSchema.parse(readJson(name));

describe('shipped keymaps', () => {
  it('include the default and the vim profile', () => {
    expect(keymapFiles).toEqual(expect.arrayContaining(['default.json', 'vim.json']));
  });

  it.each(keymapFiles)('%s has no problems', (name) => {
    expect(validateKeymapFile(readJson(name), name)).toEqual([]);
  });

  it('have no problems once vim is layered on the default', () => {
    expect(validateLayers([load('default.json'), load('vim.json')])).toEqual([]);
  });

  it('never bind destructive or admin actions', () => {
    const bound = keymapFiles.flatMap((name) => load(name).bindings.map((rule) => rule.command));
    const forbidden = commandIds.all.filter((spec) => !mayBindToKey(spec)).map((s) => s.id);
    expect(forbidden.length).toBeGreaterThan(0);
    expect(bound.filter((command) => forbidden.includes(command))).toEqual([]);
  });

  it('point at keymap.schema.json, which matches the zod schema', () => {
    for (const name of keymapFiles) expect(load(name).$schema).toBe('./keymap.schema.json');
    expect(readJson('keymap.schema.json')).toEqual(keymapJsonSchema());
  });

  it('take an investigator to the investigations list with g i, and show ? for help', () => {
    const keymap = createKeymap([load('default.json')], { platform: 'mac' });
    const pending = keymap.resolve(idleKeymapState, chord('g'), {}, 0);
    expect(keymap.resolve(pending.state, chord('i'), {}, 200)).toMatchObject({
      kind: 'match',
      command: 'nav.investigations',
    });
    expect(keymap.bindingsFor('help.shortcuts').map((rule) => rule.key)).toEqual(['shift+/']);
    expect(keymap.bindingsFor('palette.toggle').map((rule) => rule.physicalKey)).toEqual([
      'meta+k',
    ]);
  });

  it('give vim users g t for the next tab and : for commands', () => {
    const keymap = createKeymap([load('default.json'), load('vim.json')], { platform: 'linux' });
    const pending = keymap.resolve(idleKeymapState, chord('g'), { investigationId: 'i' }, 0);
    expect(keymap.resolve(pending.state, chord('t'), { investigationId: 'i' }, 10)).toMatchObject({
      command: 'tab.next',
    });
    expect(keymap.resolve(idleKeymapState, chord(':'), {}, 0)).toMatchObject({
      command: 'palette.open',
      args: { mode: 'commands' },
    });
  });
});
