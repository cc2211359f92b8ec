import { useAtomValue } from 'jotai';
import { useMemo } from 'react';

import { commandCatalog } from '../../shared/commands/catalog';
import { formatSequence } from '../../shared/keymap/key-label';
import { commandContext } from '../commands/command-context';
import { commandsById } from '../commands/registry';
import { runCommand } from '../commands/run-command';
import { keymapAtom } from '../state/keymap';
import { platform } from '../state/platform';
import type { PaletteEntry } from './palette-entry';

/**
 * Every command the palette lists, with its key and, when it cannot run here, why. Navigation
 * commands also open in a new tab with Ctrl/Cmd+Enter.
 */
export function useCommandEntries(open: boolean): PaletteEntry[] {
  const keymap = useAtomValue(keymapAtom);
  return useMemo(() => {
    if (!open) return [];
    const context = commandContext('palette');
    return commandCatalog.all.flatMap((spec) => {
      const command = commandsById.get(spec.id);
      if (!command || command.hiddenInPalette) return [];
      const binding = keymap.bindingsFor(spec.id)[0];
      const isPage =
        spec.category === 'Navigation' && spec.id !== 'nav.back' && spec.id !== 'nav.forward';
      return [
        {
          key: `cmd:${spec.id}`,
          group: isPage ? 'Pages' : 'Commands',
          label: spec.title,
          detail: spec.category,
          keys: binding ? formatSequence(binding.sequence, platform) : '',
          disabledReason: command.disabledReason?.(context) ?? null,
          searchText: `${spec.title} ${spec.category} ${spec.keywords.join(' ')} ${spec.id}`,
          run: (newTab: boolean) =>
            void runCommand(spec.id, isPage && newTab ? { newTab: true } : undefined, 'palette'),
        } satisfies PaletteEntry,
      ];
    });
  }, [open, keymap]);
}
