import { atom } from 'jotai';
import { atomWithQuery } from 'jotai-tanstack-query';

import defaultKeymap from '../../../keymaps/default.json';
import vimKeymap from '../../../keymaps/vim.json';
import type { KeymapLayer } from '../../shared/keymap/keymap-layers';
import { createKeymap } from '../../shared/keymap/resolver';
import type { Keymap, KeymapState } from '../../shared/keymap/resolver';
import { idleKeymapState } from '../../shared/keymap/resolver';
import type { KeymapSettings } from '../../shared/schemas/settings';
import { userSettingsQuery } from '../api/settings/user-settings';
import { platform } from './platform';

const DEFAULTS: KeymapSettings = { profile: 'default', singleKeyShortcutsEnabled: true, rules: [] };

/** The user's keyboard settings from the server (defaults until they arrive). */
export const userSettingsAtom = atomWithQuery(() => userSettingsQuery());

/** The keymap settings in force. */
export const keymapSettingsAtom = atom<KeymapSettings>(
  (get) => get(userSettingsAtom).data?.keymap ?? DEFAULTS,
);

/** The layers in force: the shipped default, then the profile, then the user's own rules. */
export function layersFor(settings: KeymapSettings): KeymapLayer[] {
  const layers: KeymapLayer[] = [defaultKeymap];
  if (settings.profile === 'vim') layers.push(vimKeymap);
  layers.push({ name: 'your rules', bindings: settings.rules });
  return layers;
}

/** The resolved keymap: what every key press, palette hint and the ? sheet read. */
export const keymapAtom = atom<Keymap>((get) =>
  createKeymap(layersFor(get(keymapSettingsAtom)), { platform }),
);

/** The sequence in progress ("g…"), for the indicator. */
export const keymapStateAtom = atom<KeymapState>(idleKeymapState);
