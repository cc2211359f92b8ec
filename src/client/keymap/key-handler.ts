import { eventToChord } from '../../shared/keymap/key-event';
import { idleKeymapState } from '../../shared/keymap/resolver';
import { runCommand } from '../commands/run-command';
import { appStore } from '../state/store';
import { currentContext } from '../commands/context-keys';
import { keymapAtom, keymapStateAtom } from '../state/keymap';
import { platform } from '../state/platform';

/**
 * The one keyboard listener. Every key press is resolved against the keymap (defaults, profile,
 * the user's rules) in the current context; a match runs its command, a prefix shows "g…" and
 * waits. It listens in the capture phase so Ctrl/Cmd+K works inside inputs and the palette.
 */
export function installKeyHandler(target: Window = window): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.isComposing || event.defaultPrevented) return;
    const chord = eventToChord(event, platform);
    if (!chord) return;
    const keymap = appStore.get(keymapAtom);
    const now = performance.now();
    const state = keymap.expire(appStore.get(keymapStateAtom), now);
    const resolution = keymap.resolve(state, chord, currentContext(), now);
    appStore.set(keymapStateAtom, resolution.state);
    clearTimeout(timer);
    if (resolution.kind === 'pending') {
      event.preventDefault();
      event.stopPropagation();
      // Clears the indicator when the sequence times out.
      timer = setTimeout(
        () => appStore.set(keymapStateAtom, idleKeymapState),
        keymap.sequenceTimeoutMs + 50,
      );
      return;
    }
    if (resolution.kind === 'match') {
      event.preventDefault();
      event.stopPropagation();
      if (resolution.command !== '') void runCommand(resolution.command, resolution.args, 'key');
      return;
    }
    if (resolution.abandoned.length > 0) {
      event.preventDefault();
      event.stopPropagation();
    }
  };
  target.addEventListener('keydown', onKeyDown, true);
  return () => {
    clearTimeout(timer);
    target.removeEventListener('keydown', onKeyDown, true);
  };
}
