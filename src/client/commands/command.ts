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

/**
 * How a command behaves in the client. Its title, category, keywords and args schema live in the
 * shared catalogue under the same id; its keys live only in keymaps/.
 */
export interface ClientCommand {
  readonly id: string;
  /** Null when the command can run; otherwise the sentence the palette shows. */
  disabledReason?(context: CommandContext): string | null;
  run(args: unknown, context: CommandContext): void | Promise<void>;
  /** For commands titled "…": the choices of the next palette page when run without args. */
  choices?(context: CommandContext): readonly CommandChoice[] | Promise<readonly CommandChoice[]>;
  /** Keys and buttons only: not listed among the palette's commands (list.next, overlay.close…). */
  readonly hiddenInPalette?: boolean;
}

/** Declares a command; the registry checks the id against the shared catalogue. */
export function defineCommand(command: ClientCommand): ClientCommand {
  return command;
}
