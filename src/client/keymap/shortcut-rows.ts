import { formatSequence } from '../../shared/keymap/key-label';
import type { Chord, KeySequence, Platform } from '../../shared/keymap/key-string';
import type { ClientCommand } from '../commands/command';

/** One line of the `?` sheet: what happens, in words, and every key that does it. */
export interface ShortcutRow {
  readonly title: string;
  /** Key labels, each shown as its own key cap: `J`, `↓`; a numbered family as `T 1–9`. */
  readonly keys: readonly string[];
  /** Why the command cannot run in this view now (a closed case, a role), or absent. */
  readonly disabledReason?: string;
}

/** The rows of one category (the palette's groups). */
export interface ShortcutGroup {
  readonly category: string;
  readonly rows: readonly ShortcutRow[];
}

/** What the sheet reads of a binding. */
export interface SheetBinding {
  readonly command: string;
  readonly sequence: KeySequence;
  readonly args?: unknown;
}

/** The words of a key bound to a command with args: its own words, else its title. */
export function keyTitle(command: ClientCommand, args: unknown): string {
  if (command.keyTitle) return command.keyTitle(args);
  const title = command.title.replace(/…$/, '');
  if (args && typeof args === 'object') {
    const values = Object.values(args as Record<string, unknown>).map(String);
    if (values.length > 0) return `${title} (${values.join(', ')})`;
  }
  return title;
}

/**
 * Key labels of one row, with numbered families folded: sequences that differ only in a final
 * digit, in a run (`t 1` … `t 9`), read `T 1–9`.
 */
export function foldKeys(sequences: readonly KeySequence[], platform: Platform): string[] {
  // Each label, or each family of sequences ending in a bare digit, keyed by what precedes it.
  const entries = new Map<string, { prefix: string; digits: number[] } | null>();
  for (const sequence of sequences) {
    const last = sequence[sequence.length - 1];
    if (last && isBareDigit(last)) {
      const prefix = formatSequence(sequence.slice(0, -1), platform);
      const family = entries.get(`#${prefix}`) ?? { prefix, digits: [] };
      family.digits.push(Number(last.key));
      entries.set(`#${prefix}`, family);
    } else {
      entries.set(formatSequence(sequence, platform), null);
    }
  }
  return [...entries].flatMap(([label, family]) => {
    if (!family) return [label];
    const head = family.prefix ? `${family.prefix} ` : '';
    const digits = [...new Set(family.digits)].sort((a, b) => a - b);
    return consecutiveRuns(digits).map(([from, to]) =>
      from === to ? `${head}${from}` : `${head}${from}–${to}`,
    );
  });
}

function isBareDigit(chord: Chord): boolean {
  return (
    /^[0-9]$/.test(chord.key) &&
    !chord.mod &&
    !chord.ctrl &&
    !chord.alt &&
    !chord.shift &&
    !chord.meta
  );
}

/** [from, to] pairs of the runs of consecutive numbers in a sorted list. */
function consecutiveRuns(sorted: readonly number[]): Array<[number, number]> {
  const runs: Array<[number, number]> = [];
  for (const n of sorted) {
    const last = runs[runs.length - 1];
    if (last && n === last[1] + 1) last[1] = n;
    else runs.push([n, n]);
  }
  return runs;
}

/**
 * The `?` sheet's content: one row per thing a key does, by category, in keymap order, with why
 * it cannot run now where `reasonOf` (the commands' own predicates) says so. Keys
 * whose words agree share a row (`j` and `↓` both read "Next Row"; `t 1`…`t 9` read "Go to Tab
 * by Number"), so a family of bindings is one line, never nine.
 */
export function shortcutGroups(
  bindings: readonly SheetBinding[],
  commands: ReadonlyMap<string, ClientCommand>,
  platform: Platform,
  reasonOf: (command: ClientCommand) => string | null = () => null,
): ShortcutGroup[] {
  type Row = { sequences: KeySequence[]; reason?: string };
  const groups = new Map<string, Map<string, Row>>();
  for (const binding of bindings) {
    const command = commands.get(binding.command);
    if (!command) continue;
    const rows = groups.get(command.category) ?? new Map<string, Row>();
    groups.set(command.category, rows);
    const title = keyTitle(command, binding.args);
    const row: Row = rows.get(title) ?? { sequences: [], reason: reasonOf(command) ?? undefined };
    row.sequences.push(binding.sequence);
    rows.set(title, row);
  }
  return [...groups].map(([category, rows]) => ({
    category,
    rows: [...rows].map(([title, row]) => ({
      title,
      keys: foldKeys(row.sequences, platform),
      ...(row.reason ? { disabledReason: row.reason } : {}),
    })),
  }));
}
