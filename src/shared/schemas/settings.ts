import { z } from 'zod';

import { keyBindingSchema } from '../keymap/keymap-file';

/** Keymap profiles shipped in keymaps/: the default alone, or vim on top of it. */
export const keymapProfiles = ['default', 'vim'] as const;
export type KeymapProfile = (typeof keymapProfiles)[number];

/** A user's keyboard settings, stored on the server so they follow the user between browsers. */
export const keymapSettingsSchema = z.strictObject({
  profile: z.enum(keymapProfiles).default('default'),
  /** False turns off shortcuts made of character keys alone (WCAG 2.1.4). */
  singleKeyShortcutsEnabled: z.boolean().default(true),
  /** The user's own rules, applied after the default and the profile. */
  rules: z.array(keyBindingSchema).max(500, 'Keep it under 500 rules.').default([]),
});
export type KeymapSettings = z.output<typeof keymapSettingsSchema>;

export const userSettingsSchema = z.strictObject({
  keymap: keymapSettingsSchema.default({
    profile: 'default',
    singleKeyShortcutsEnabled: true,
    rules: [],
  }),
});
export type UserSettingsInput = z.input<typeof userSettingsSchema>;
