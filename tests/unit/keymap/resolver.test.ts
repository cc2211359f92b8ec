import { describe, expect, it } from 'vitest';

import type { KeymapContext } from '../../../src/shared/keymap/context-keys';
import type { KeyBinding } from '../../../src/shared/keymap/keymap-file';
import type { Keymap, KeymapState, Resolution } from '../../../src/shared/keymap/resolver';
import { createKeymap, idleKeymapState } from '../../../src/shared/keymap/resolver';
import { chord } from './support/chords';

const defaults: KeyBinding[] = [
  { key: 'mod+k', command: 'palette.toggle' },
  { key: 'j', command: 'list.next', when: 'listFocus && !inputFocus' },
  { key: 'x', command: 'list.toggleSelect', when: 'listFocus && !inputFocus' },
  { key: 'g i', command: 'nav.investigations', when: '!inputFocus' },
  { key: 'g e', command: 'nav.evidenceLocker', when: 'investigationId && !inputFocus' },
  { key: 'h', command: 'timeline.cursorPrev', when: "view == 'incident'" },
  { key: 't 2', command: 'tab.goto', args: { index: 2 }, when: '!inputFocus' },
  { key: 'escape', command: 'overlay.close', when: 'overlayOpen' },
];

function keymap(...userRules: KeyBinding[]): Keymap {
  return createKeymap(
    [
      { name: 'default', bindings: defaults, sequenceTimeoutMs: 1000 },
      { name: 'user', bindings: userRules },
    ],
    { platform: 'linux' },
  );
}

/** Types space-separated key strings, `gapMs` apart, and says what each press did. */
function type(map: Keymap, keys: string, context: KeymapContext = {}, gapMs = 100): string[] {
  let state: KeymapState = idleKeymapState;
  return keys.split(' ').map((key, index) => {
    const result: Resolution = map.resolve(state, chord(key), context, index * gapMs);
    state = result.state;
    if (result.kind === 'match') return result.command;
    return result.kind === 'pending' ? 'pending' : 'none';
  });
}

const inList = { listFocus: true };

describe('keymap resolution', () => {
  it('runs a binding whose key and when match', () => {
    expect(type(keymap(), 'j', inList)).toEqual(['list.next']);
    expect(type(keymap(), 'j', { listFocus: true, inputFocus: true })).toEqual(['none']);
    expect(type(keymap(), 'h', { view: 'incident' })).toEqual(['timeline.cursorPrev']);
    expect(type(keymap(), 'h', { view: 'mitre' })).toEqual(['none']);
  });

  it('matches mod as Ctrl on Windows/Linux and Cmd on macOS', () => {
    const mac = createKeymap([{ name: 'default', bindings: defaults }], { platform: 'mac' });
    expect(type(mac, 'meta+k')).toEqual(['palette.toggle']);
    expect(type(mac, 'ctrl+k')).toEqual(['none']);
    expect(type(keymap(), 'ctrl+k')).toEqual(['palette.toggle']);
  });

  it('lets a later rule for the same key win', () => {
    const map = keymap({ key: 'j', command: 'list.prev', when: 'listFocus' });
    expect(type(map, 'j', inList)).toEqual(['list.prev']);
  });

  it('falls back to an earlier rule when the later rule does not apply', () => {
    const map = keymap({ key: 'h', command: 'tab.prev', when: 'splitOpen' });
    expect(type(map, 'h', { view: 'incident' })).toEqual(['timeline.cursorPrev']);
    expect(type(map, 'h', { view: 'incident', splitOpen: true })).toEqual(['tab.prev']);
  });

  it('removes earlier rules with "-command", narrowed to a key when one is given', () => {
    const removed = keymap({ key: 'x', command: '-list.toggleSelect' });
    expect(type(removed, 'x', inList)).toEqual(['none']);
    const rebound = keymap(
      { key: 'x', command: '-list.toggleSelect' },
      { key: 'space', command: 'list.toggleSelect', when: 'listFocus' },
    );
    expect(type(rebound, 'space', inList)).toEqual(['list.toggleSelect']);
    const otherKey = keymap({ key: 'y', command: '-list.toggleSelect' });
    expect(type(otherKey, 'x', inList)).toEqual(['list.toggleSelect']);
    const anyKey = keymap({ command: '-list.toggleSelect' });
    expect(type(anyKey, 'x', inList)).toEqual(['none']);
  });

  it('does not let a removal touch rules that come after it', () => {
    const map = keymap(
      { command: '-list.next' },
      { key: 'n', command: 'list.next', when: 'listFocus' },
    );
    expect(type(map, 'n', inList)).toEqual(['list.next']);
    expect(type(map, 'j', inList)).toEqual(['none']);
  });

  it('disables a key with command ""', () => {
    const map = keymap({ key: 'g i', command: '' });
    expect(type(map, 'g i', { investigationId: 'inv-1' })).toEqual(['pending', 'none']);
    // With g i disabled and no investigation open, no sequence starts with g: it passes through.
    expect(type(map, 'g')).toEqual(['none']);
    expect(type(keymap({ key: 'mod+k', command: '' }), 'ctrl+k')).toEqual(['none']);
  });

  it('waits for the rest of a sequence, then runs it', () => {
    expect(type(keymap(), 'g i')).toEqual(['pending', 'nav.investigations']);
    expect(type(keymap(), 't 2')).toEqual(['pending', 'tab.goto']);
    const result = keymap().resolve(idleKeymapState, chord('g'), {}, 0);
    expect(result).toMatchObject({ kind: 'pending', prefix: [chord('g')] });
  });

  it('passes the args of the matching rule', () => {
    const map = keymap();
    const first = map.resolve(idleKeymapState, chord('t'), {}, 0);
    const second = map.resolve(first.state, chord('2'), {}, 10);
    expect(second).toMatchObject({ kind: 'match', command: 'tab.goto', args: { index: 2 } });
  });

  it('only waits when a sequence can complete in the current context', () => {
    expect(type(keymap(), 'g e', { investigationId: 'inv-1' })).toEqual([
      'pending',
      'nav.evidenceLocker',
    ]);
    expect(type(keymap(), 'g', { inputFocus: true })).toEqual(['none']);
    expect(type(keymap(), 'g e')).toEqual(['pending', 'none']);
  });

  it('does not fire single-key rules while a prefix is pending', () => {
    const map = keymap();
    const pending = map.resolve(idleKeymapState, chord('g'), inList, 0);
    const broken = map.resolve(pending.state, chord('j'), inList, 50);
    expect(broken).toMatchObject({ kind: 'none', abandoned: [chord('g')] });
    expect(map.resolve(broken.state, chord('j'), inList, 60).kind).toBe('match');
  });

  it('prefers waiting for a sequence over a shorter binding with the same start', () => {
    const map = keymap({ key: 'g', command: 'list.first' });
    expect(type(map, 'g')).toEqual(['pending']);
  });

  it('drops a pending sequence once the timeout has passed', () => {
    expect(type(keymap(), 'g i', {}, 1000)).toEqual(['pending', 'nav.investigations']);
    expect(type(keymap(), 'g i', {}, 1001)).toEqual(['pending', 'none']);
    expect(type(keymap(), 'g j', inList, 1500)).toEqual(['pending', 'list.next']);
    const map = keymap();
    const pending = map.resolve(idleKeymapState, chord('g'), {}, 0);
    expect(map.expire(pending.state, 500)).toBe(pending.state);
    expect(map.expire(pending.state, 1001)).toEqual(idleKeymapState);
  });

  it('takes the sequence timeout from the option, else the last layer that sets one', () => {
    expect(keymap().sequenceTimeoutMs).toBe(1000);
    const slow = createKeymap(
      [
        { name: 'default', bindings: defaults, sequenceTimeoutMs: 1000 },
        { name: 'profile', bindings: [], sequenceTimeoutMs: 2000 },
      ],
      { platform: 'linux' },
    );
    expect(slow.sequenceTimeoutMs).toBe(2000);
    expect(type(slow, 'g i', {}, 1500)).toEqual(['pending', 'nav.investigations']);
    const option = createKeymap([{ name: 'default', bindings: defaults }], {
      platform: 'linux',
      sequenceTimeoutMs: 300,
    });
    expect(option.sequenceTimeoutMs).toBe(300);
  });

  it('turns off character-key shortcuts when singleKeyShortcutsEnabled is false', () => {
    const off = { ...inList, overlayOpen: true, singleKeyShortcutsEnabled: false };
    expect(type(keymap(), 'j', off)).toEqual(['none']);
    expect(type(keymap(), 'g', off)).toEqual(['none']);
    expect(type(keymap(), 'ctrl+k', off)).toEqual(['palette.toggle']);
    expect(type(keymap(), 'escape', off)).toEqual(['overlay.close']);
    expect(type(keymap(), 'j', { ...off, singleKeyShortcutsEnabled: true })).toEqual(['list.next']);
  });

  it('keeps unparsable rules out and says why', () => {
    const map = keymap(
      { key: 'ctrl+nope', command: 'list.next' },
      { key: 'q', command: 'x', when: 'a &&' },
    );
    expect(map.ignored.map((rule) => rule.reason)).toEqual([
      expect.stringMatching(/"nope" in "ctrl\+nope" is not a key/),
      expect.stringMatching(/when "a &&"/),
    ]);
  });
});

describe('bindings for display', () => {
  it('lists the keys of a command, the rule defined last first', () => {
    const map = keymap({ key: 'n', command: 'list.next', when: 'listFocus' });
    expect(map.bindingsFor('list.next').map((rule) => rule.key)).toEqual(['n', 'j']);
  });

  it('hides keys taken over by a later rule that always applies', () => {
    const map = keymap({ key: 'j', command: 'list.prev' }, { key: 'g i', command: '' });
    expect(map.bindingsFor('list.next')).toEqual([]);
    expect(map.bindingsFor('nav.investigations')).toEqual([]);
  });

  it('narrows to a context and to args', () => {
    const map = keymap();
    expect(map.bindingsFor('list.next', { context: { inputFocus: true } })).toEqual([]);
    expect(map.bindingsFor('tab.goto', { args: { index: 2 } }).map((rule) => rule.key)).toEqual([
      't 2',
    ]);
    expect(map.bindingsFor('tab.goto', { args: { index: 3 } })).toEqual([]);
  });

  it('lists what works in a view for the ? sheet', () => {
    const keys = (context: KeymapContext) =>
      keymap()
        .activeBindings(context)
        .map((rule) => rule.key);
    expect(keys({ view: 'incident' })).toEqual(['mod+k', 'g i', 'h', 't 2']);
    expect(keys({ listFocus: true, inputFocus: true })).toEqual(['mod+k']);
  });
});
