/**
 * The shape of `keymaps/*.json` and of the user's own rules. The schema checks structure only;
 * what the strings mean (known command, parsable key, declared context keys, args) is checked by
 * validate.ts, which can say it in a sentence with the binding's position.
 */
import { z } from 'zod';

/** One rule: `{ key, command, args?, when? }` as in VS Code's keybindings.json. */
export const keyBindingSchema = z
  .object({
    key: z
      .string()
      .optional()
      .describe(
        'Key string: chords joined with "+", sequences separated by spaces ("mod+k", "g i"). ' +
          'Only a removal rule ("-command") may leave it out.',
      ),
    command: z
      .string()
      .describe('Command id; "-id" removes earlier rules for that command; "" disables the key.'),
    args: z
      .unknown()
      .optional()
      .describe('Arguments passed to the command; checked against its schema.'),
    when: z
      .string()
      .optional()
      .describe('Context clause, e.g. "listFocus && !inputFocus" or "view == \'incident\'".'),
  })
  .strict();

/** A keymap rule as read from a file or from the user's settings. */
export type KeyBinding = z.infer<typeof keyBindingSchema>;

/** A keymap file: the shipped default, a profile such as vim, or an exported user keymap. */
export const keymapFileSchema = z
  .object({
    $schema: z.string().optional().describe('Path of keymap.schema.json, for editors.'),
    name: z.string().min(1).describe('Name of the keymap, shown in settings.'),
    sequenceTimeoutMs: z
      .number()
      .int()
      .min(100)
      .max(10_000)
      .optional()
      .describe('How long a started sequence such as "g" waits for its next key (ms).'),
    bindings: z.array(keyBindingSchema).describe('Rules; later rules win over earlier ones.'),
  })
  .strict()
  .describe('A Vigil keymap.');

/** A parsed keymap file. */
export type KeymapFile = z.infer<typeof keymapFileSchema>;

/**
 * The JSON Schema that `keymaps/keymap.schema.json` holds, generated from the zod schema so
 * the two cannot drift; a unit test compares them.
 */
export function keymapJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(keymapFileSchema),
    title: 'Vigil keymap',
  };
}
