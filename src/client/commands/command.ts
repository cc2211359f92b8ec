import type { KeymapContext } from '../../shared/keymap/context-keys';
import type { Permission } from '../../shared/permissions';
import type { MeReply } from '../../shared/schemas/auth';

/** Where a command was started from; recorded, and used to decide how to report a refusal. */
export type CommandSource = 'key' | 'palette' | 'button' | 'menu';

/** What a command may look at to decide whether it can run and what it does. */
export interface CommandContext {
  readonly keys: KeymapContext;
  readonly me: MeReply | undefined;
  readonly permissions: ReadonlySet<Permission>;
  /** The focused pane's location. */
  readonly location: string;
  /** The investigation the focused pane shows, or null. */
  readonly investigationId: string | null;
  readonly source: CommandSource;
}

/** One entry of a multi-step command's next palette page. */
export interface CommandChoice {
  readonly id: string;
  readonly label: string;
  readonly hint?: string;
  readonly args: unknown;
  readonly keywords?: readonly string[];
  /** Why this choice cannot be taken, if it cannot. */
  readonly disabledReason?: string;
}

/** Palette group (and `?` sheet heading) a command is listed under. */
export type CommandCategory =
  | 'Palette'
  | 'Help'
  | 'Navigation'
  | 'Investigation'
  | 'People'
  | 'Incident'
  | 'Alert'
  | 'Hunt'
  | 'Evidence'
  | 'Appearance'
  | 'Account'
  | 'Workspace'
  | 'List'
  | 'Timeline'
  | 'Admin'
  | 'Settings';

/**
 * One command, whole: what it is (id, title, category, keywords), when it can run and what it
 * does. Its keys live only in keymaps/; the args a keymap rule may pass, and whether a key may
 * trigger it at all, sit under the same id in src/shared/commands/command-ids.ts, which the
 * server also reads.
 */
export interface ClientCommand {
  /** Dotted, stable id (`list.toggleSelect`); keymaps and user settings refer to it forever. */
  readonly id: string;
  /** Palette label; ends with "…" when the command asks for more before acting. */
  readonly title: string;
  readonly category: CommandCategory;
  /** Extra words the palette's fuzzy search should match. */
  readonly keywords: readonly string[];
  /** Null when the command can run; otherwise the sentence the palette shows. */
  disabledReason?(context: CommandContext): string | null;
  run(args: unknown, context: CommandContext): void | Promise<void>;
  /** For commands titled "…": the choices of the next palette page when run without args. */
  choices?(context: CommandContext): readonly CommandChoice[] | Promise<readonly CommandChoice[]>;
  /**
   * How a key bound to this command with `args` reads in the `?` sheet, in words (`t 1`…`t 9`
   * all read "Go to Tab by Number"). Keys whose words agree share one row there. Without it,
   * the title (less its "…") is used.
   */
  keyTitle?(args: unknown): string;
  /** Keys and buttons only: not listed among the palette's commands (list.next, overlay.close…). */
  readonly hiddenInPalette?: boolean;
}

/** Declares a command; the registry checks its id against the shared list of command ids. */
export function defineCommand(command: ClientCommand): ClientCommand {
  return command;
}
