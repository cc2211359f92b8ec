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
 * A sequence is timed by when its keys were pressed (the event's time stamp), not by when a
 * page busy with a long task got round to them: "g i" pressed in a quarter of a second is "g i"
 * even when the "i" waited a second and a half behind a chart being drawn.
 */
export function installKeyHandler(target: Window = window): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.isComposing || event.defaultPrevented) return;
    const chord = eventToChord(event, platform);
    if (!chord) return;
    const keymap = appStore.get(keymapAtom);
    const now = pressedAt(event);
    const state = keymap.expire(appStore.get(keymapStateAtom), now);
    const resolution = keymap.resolve(state, chord, currentContext(), now);
    appStore.set(keymapStateAtom, resolution.state);
    clearTimeout(timer);
    if (resolution.kind === 'pending') {
      event.preventDefault();
      event.stopPropagation();
      // Clears the indicator when the sequence times out; a timer that fires late (the page was
      // busy) waits a moment more, so a key pressed in time and queued behind it is heard first.
      const due = now + keymap.sequenceTimeoutMs + 50;
      const expire = () => {
        const late = performance.now() - due;
        if (late > LATE_MS)
          timer = setTimeout(() => appStore.set(keymapStateAtom, idleKeymapState), LATE_MS);
        else appStore.set(keymapStateAtom, idleKeymapState);
      };
      timer = setTimeout(expire, Math.max(0, due - performance.now()));
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

/** How late a sequence's timer may fire before it lets queued key presses through first. */
const LATE_MS = 100;

/**
 * When the key was pressed, on performance.now()'s clock: the event's time stamp, unless it is
 * not on that clock (an environment that stamps events in epoch time) or is not in the recent
 * past, then the time it is handled.
 */
function pressedAt(event: KeyboardEvent): number {
  const now = performance.now();
  const age = now - event.timeStamp;
  return age >= 0 && age < 10_000 ? event.timeStamp : now;
}
