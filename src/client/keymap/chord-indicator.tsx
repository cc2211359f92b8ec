import { useAtomValue } from 'jotai';

import { formatSequence } from '../../shared/keymap/key-label';
import { keymapStateAtom } from '../state/keymap';
import { platform } from '../state/platform';

/** Shows the keys of an unfinished sequence ("G…") while Vigil waits for the next one. */
export function ChordIndicator() {
  const state = useAtomValue(keymapStateAtom);
  if (state.pending.length === 0) return null;
  return (
    <div className="chord-indicator" role="status" aria-live="polite" data-testid="chord-indicator">
      {formatSequence(state.pending, platform)}…
    </div>
  );
}
