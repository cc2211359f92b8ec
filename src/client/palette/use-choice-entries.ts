import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';

import { commandContext } from '../commands/command-context';
import { commandsById } from '../commands/registry';
import { runCommand } from '../commands/run-command';
import type { PaletteEntry } from './palette-entry';
import type { PalettePage } from '../state/palette';

/** The choices of a nested page ("Set status…" → Open, In review, …). */
export function useChoiceEntries(page: PalettePage | undefined): {
  entries: PaletteEntry[];
  loading: boolean;
} {
  const result = useQuery({
    queryKey: ['palette', 'choices', page?.commandId],
    queryFn: async () => {
      const command = page ? commandsById.get(page.commandId) : undefined;
      return command?.choices ? [...(await command.choices(commandContext('palette')))] : [];
    },
    enabled: Boolean(page),
    staleTime: 0,
    gcTime: 0,
  });
  const entries = useMemo(
    () =>
      (result.data ?? []).map((choice): PaletteEntry => ({
        key: `choice:${page?.commandId}:${choice.id}`,
        group: 'Choices',
        label: choice.label,
        ...(choice.hint ? { detail: choice.hint } : {}),
        disabledReason: choice.disabledReason ?? null,
        searchText: `${choice.label} ${choice.hint ?? ''} ${(choice.keywords ?? []).join(' ')}`,
        run: () => void runCommand(page!.commandId, choice.args, 'palette'),
      })),
    [result.data, page],
  );
  return { entries, loading: result.isLoading };
}
