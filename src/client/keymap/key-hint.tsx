import { useAtomValue } from 'jotai';

import { formatSequence } from '../../shared/keymap/key-label';
import { keymapAtom } from '../state/keymap';
import { platform } from '../state/platform';

/** The label of the key bound to a command (preferred binding), or '' when it has none. */
export function useKeyLabel(commandId: string, args?: unknown): string {
  const keymap = useAtomValue(keymapAtom);
  const binding = keymap.bindingsFor(commandId, args === undefined ? {} : { args })[0];
  return binding ? formatSequence(binding.sequence, platform) : '';
}

/** A `<kbd>` with a command's current key, for buttons and menus; nothing when unbound. */
export function KeyHint(props: { commandId: string; args?: unknown }) {
  const label = useKeyLabel(props.commandId, props.args);
  return label ? <kbd aria-label={`shortcut ${label}`}>{label}</kbd> : null;
}
