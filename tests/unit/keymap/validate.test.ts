import { describe, expect, it } from 'vitest';

import type { KeyBinding } from '../../../src/shared/keymap/keymap-file';
import type { KeymapProblem } from '../../../src/shared/keymap/validate';
import {
  validateKeymapFile,
  validateLayer,
  validateLayers,
} from '../../../src/shared/keymap/validate';

function problems(...bindings: KeyBinding[]): KeymapProblem[] {
  return validateLayer({ name: 'test', bindings });
}

function kinds(...bindings: KeyBinding[]): string[] {
  return problems(...bindings).map((problem) => problem.kind);
}

describe('keymap validation', () => {
  it('accepts a sound keymap', () => {
    expect(
      problems(
        { key: 'mod+k', command: 'palette.toggle' },
        { key: 'j', command: 'list.next', when: 'listFocus && !inputFocus' },
        { key: 'x', command: '-list.toggleSelect' },
        { key: 'g i', command: '' },
      ),
    ).toEqual([]);
  });

  it('catches an unknown command, with a suggestion', () => {
    const [problem] = problems({ key: 'j', command: 'list.nxt' });
    expect(problem).toEqual({
      kind: 'unknown-command',
      layer: 'test',
      index: 0,
      message:
        'test bindings[0] ("j" → list.nxt): "list.nxt" is not a Vigil command (did you mean "list.next"?).',
    });
    expect(kinds({ key: 'j', command: '-list.nope' })).toEqual(['unknown-command']);
  });

  it('catches an unparsable key', () => {
    const [problem] = problems({ key: 'ctrl+shfit+k', command: 'palette.toggle' });
    expect(problem?.kind).toBe('unparsable-key');
    expect(problem?.message).toMatch(/"shfit" in "ctrl\+shfit\+k" is not a modifier/);
  });

  it('catches a rule without a key unless it is a removal', () => {
    expect(kinds({ command: 'list.next' })).toEqual(['missing-key']);
    expect(kinds({ command: '-list.next' })).toEqual([]);
  });

  it('catches an unparsable when clause with its position', () => {
    const [problem] = problems({ key: 'j', command: 'list.next', when: 'listFocus &&& x' });
    expect(problem?.kind).toBe('unparsable-when');
    expect(problem?.message).toMatch(/position 12/);
  });

  it('catches an undeclared context key, with a suggestion', () => {
    const [problem] = problems({ key: 'j', command: 'list.next', when: 'listFocused' });
    expect(problem?.kind).toBe('undeclared-context-key');
    expect(problem?.message).toMatch(
      /"listFocused", which is not a declared context key \(did you mean "listFocus"\?\)/,
    );
  });

  it('catches a view that is not a route id', () => {
    const [problem] = problems({
      key: 'h',
      command: 'timeline.cursorPrev',
      when: "view == 'timeline'",
    });
    expect(problem?.kind).toBe('unknown-context-value');
    expect(problem?.message).toMatch(/compares view with 'timeline', which view never holds/);
  });

  it('catches args that do not fit the command', () => {
    expect(kinds({ key: 't 1', command: 'tab.goto', args: { index: 0 } })).toEqual(['bad-args']);
    expect(kinds({ key: 't 1', command: 'tab.goto' })).toEqual(['bad-args']);
    expect(kinds({ key: 'j', command: 'list.next', args: { by: 2 } })).toEqual(['bad-args']);
    const [problem] = problems({ key: 'g x', command: 'nav.go', args: { to: '/investigations' } });
    expect(problem?.message).toMatch(/args do not fit "nav.go" at "to"/);
  });

  it('refuses keys for destructive and admin actions, but not for admin screens', () => {
    expect(kinds({ key: 'mod+shift+d', command: 'admin.disableUser' })).toEqual([
      'palette-only-command',
    ]);
    expect(kinds({ key: 'mod+shift+u', command: 'admin.createUser' })).toEqual([
      'palette-only-command',
    ]);
    expect(kinds({ key: 'g u', command: 'nav.manageUsers', when: 'isAdmin' })).toEqual([]);
  });

  it('catches two rules for one key that can apply at once', () => {
    const [problem] = problems(
      { key: 'enter', command: 'list.open', when: 'listFocus' },
      { key: 'enter', command: 'timeline.expand', when: "view == 'incident'" },
    );
    expect(problem?.kind).toBe('conflict');
    expect(problem?.index).toBe(1);
    expect(problem?.message).toMatch(/bind the same key and can apply at once/);
    expect(
      kinds({ key: '?', command: 'help.shortcuts' }, { key: 'shift+/', command: 'search.focus' }),
    ).toEqual(['conflict']);
  });

  it('accepts one key in exclusive contexts', () => {
    expect(
      kinds(
        { key: 'enter', command: 'list.open', when: 'listFocus' },
        { key: 'enter', command: 'timeline.expand', when: "view == 'incident' && !listFocus" },
        { key: 'h', command: 'timeline.cursorPrev', when: "view == 'incident'" },
        { key: 'h', command: 'tab.prev', when: "view == 'mitre'" },
      ),
    ).toEqual([]);
  });

  it('catches a clash that exists on one platform only', () => {
    const [problem] = problems(
      { key: 'mod+k', command: 'palette.toggle' },
      { key: 'ctrl+k', command: 'search.focus' },
    );
    expect(problem?.message).toMatch(/same key on Windows and Linux/);
  });

  it('catches a binding that is a prefix of another in the same context', () => {
    const [problem] = problems(
      { key: 'g', command: 'list.first', when: 'listFocus' },
      { key: 'g i', command: 'nav.investigations', when: '!inputFocus' },
    );
    expect(problem?.kind).toBe('prefix-clash');
    expect(problem?.message).toMatch(/"g" .* is a prefix of .*"g i".* never runs alone/);
    expect(
      kinds(
        { key: 'g', command: 'list.first', when: 'inputFocus' },
        { key: 'g i', command: 'nav.investigations', when: '!inputFocus' },
      ),
    ).toEqual([]);
  });

  it('catches a prefix clash that only appears once layers are merged', () => {
    const layers = [
      { name: 'default', bindings: [{ key: 'g i', command: 'nav.investigations' }] },
      { name: 'profile', bindings: [{ key: 'g', command: 'list.first' }] },
    ];
    expect(validateLayers(layers).map((problem) => problem.kind)).toEqual(['prefix-clash']);
    const removed = [...layers, { name: 'user', bindings: [{ key: 'g i', command: '' }] }];
    expect(validateLayers(removed)).toEqual([]);
  });

  it('checks merged layers per platform, where a removal may apply on one side only', () => {
    const layers = [
      {
        name: 'default',
        bindings: [
          { key: 'mod+k', command: 'palette.toggle' },
          { key: 'g i', command: 'nav.investigations' },
        ],
      },
      {
        name: 'user',
        bindings: [
          { key: 'ctrl+k', command: '-palette.toggle' },
          { key: 'g', command: 'list.first' },
        ],
      },
    ];
    const found = validateLayers(layers);
    expect(found.map((problem) => [problem.kind, problem.layer, problem.index])).toEqual([
      ['prefix-clash', 'user', 1],
    ]);
    expect(found[0]?.message).toMatch(
      /user bindings\[1\] \("g" → list.first\) is a prefix of default bindings\[1\]/,
    );
  });

  it('lets a later layer override a key without calling it a conflict', () => {
    const layers = [
      { name: 'default', bindings: [{ key: 'g t', command: 'nav.incidents' }] },
      { name: 'vim', bindings: [{ key: 'g t', command: 'tab.next' }] },
    ];
    expect(validateLayers(layers)).toEqual([]);
  });

  it('checks the shape of a file before its rules', () => {
    const found = validateKeymapFile({ name: 'x', bindings: [{ key: 'j' }] }, 'x.json');
    expect(found.map((problem) => [problem.kind, problem.layer])).toEqual([
      ['invalid-file', 'x.json'],
    ]);
    expect(found[0]?.message).toMatch(/^x.json at "bindings.0.command": /);
    expect(validateKeymapFile({ name: 'x', bindings: [], extra: 1 }, 'x.json')[0]?.kind).toBe(
      'invalid-file',
    );
  });
});
