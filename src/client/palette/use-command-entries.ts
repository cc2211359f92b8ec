import { useAtomValue } from 'jotai';
import { useMemo } from 'react';

import { formatSequence } from '../../shared/keymap/key-label';
import { commandContext } from '../commands/command-context';
import { clientCommands } from '../commands/registry';
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
    return clientCommands.flatMap((command) => {
      if (command.hiddenInPalette) return [];
      const binding = keymap.bindingsFor(command.id)[0];
      const isPage =
        command.category === 'Navigation' &&
        command.id !== 'nav.back' &&
        command.id !== 'nav.forward';
      return [
        {
          key: `cmd:${command.id}`,
          group: isPage ? 'Pages' : 'Commands',
          label: command.title,
          detail: command.category,
          keys: binding ? formatSequence(binding.sequence, platform) : '',
          disabledReason: command.disabledReason?.(context) ?? null,
          searchText: `${command.title} ${command.category} ${command.keywords.join(' ')} ${command.id}`,
          run: (newTab: boolean) =>
            void runCommand(command.id, isPage && newTab ? { newTab: true } : undefined, 'palette'),
        } satisfies PaletteEntry,
      ];
    });
  }, [open, keymap]);
}
