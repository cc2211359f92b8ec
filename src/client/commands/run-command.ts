import { toast } from 'sonner';

import { paletteOpenAtom, palettePagesAtom } from '../state/palette';
import { appStore } from '../state/store';
import type { CommandSource } from './command';
import { commandContext } from './command-context';
import { rememberCommand } from './recent-commands';
import { commandsById } from './registry';

/**
 * Runs a command however it was started (key, palette, button, menu). A disabled command says
 * why; a "…" command started without args opens its palette page of choices.
 */
export async function runCommand(id: string, args: unknown, source: CommandSource): Promise<void> {
  const command = commandsById.get(id);
  if (!command) {
    toast.error(`Unknown command ${id}`);
    return;
  }
  const context = commandContext(source);
  const reason = command.disabledReason?.(context) ?? null;
  if (reason) {
    // A key that does nothing here should stay quiet for list and timeline moves; say why otherwise.
    if (source !== 'key' || !command.hiddenInPalette)
      toast.message(command.title, { description: reason });
    return;
  }
  if (args === undefined && command.choices && command.title.endsWith('…')) {
    appStore.set(palettePagesAtom, [{ commandId: id, title: command.title.replace(/…$/, '') }]);
    appStore.set(paletteOpenAtom, true);
    return;
  }
  if (source === 'palette') rememberCommand(id);
  try {
    await command.run(args, context);
  } catch (error) {
    toast.error(command.title, {
      description: error instanceof Error ? error.message : String(error),
    });
  }
}
