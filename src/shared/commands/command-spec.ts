/**
 * What keymaps may know about a command: its id, the args a rule may pass, and whether a key may
 * trigger it. How a command is titled, when it is enabled and how it runs live in its one file
 * under src/client/commands/; which keys trigger it lives only in keymaps/.
 */
import type { z } from 'zod';

/** One command as keymaps see it. */
export interface CommandSpec {
  /** Dotted, stable id (`list.toggleSelect`); keymaps and user settings refer to it forever. */
  readonly id: string;
  /** Schema of the command's args; absent when it takes none. Keymap args are checked with it. */
  readonly args?: z.ZodType;
  /** Loses or hides data; palette only, behind a typed confirmation. */
  readonly destructive?: boolean;
  /** Only admins may run it (or, for navigation, see the screen). */
  readonly adminOnly?: boolean;
}

/** A read-only registry of commands by id. */
export interface CommandRegistry {
  readonly all: readonly CommandSpec[];
  get(id: string): CommandSpec | undefined;
  has(id: string): boolean;
}

/**
 * Builds a registry, refusing a second command with the same id: two specs for one id would
 * make keymaps and palette entries depend on registration order.
 */
export function createCommandRegistry(specs: readonly CommandSpec[]): CommandRegistry {
  const byId = new Map<string, CommandSpec>();
  for (const spec of specs) {
    if (!/^[a-z][A-Za-z0-9]*(\.[a-z][A-Za-z0-9-]*)+$/.test(spec.id)) {
      throw new Error(`Command id "${spec.id}" is not dotted camelCase like "list.toggleSelect".`);
    }
    if (byId.has(spec.id)) {
      throw new Error(`Command id "${spec.id}" is registered twice; ids must be unique.`);
    }
    byId.set(spec.id, spec);
  }
  return {
    all: [...byId.values()],
    get: (id) => byId.get(id),
    has: (id) => byId.has(id),
  };
}

/**
 * Whether a key may trigger the command. Destructive commands and admin actions are palette
 * only (keymap.md: "never bind destructive or admin actions to keys"); going to an admin
 * screen (`nav.*`) is navigation, not an admin action, so `g u` is allowed.
 */
export function mayBindToKey(spec: CommandSpec): boolean {
  if (spec.destructive === true) return false;
  return spec.adminOnly !== true || spec.id.startsWith('nav.');
}
