/**
 * The ids of the finding tables whose rows can be pinned (see pin-tables.ts for what each one
 * is). Kept apart from the tables so the pin schemas can name them without importing the
 * finding endpoints the tables are typed by.
 */
export const pinTableIds = [
  'working-hours',
  'security-hygiene',
  'local-app',
  'file',
  'device',
  'deletions',
  'domain',
  'repo',
  'app-access',
  'access-request',
] as const;

/** The id of a finding table rows are pinned from, such as `working-hours`. */
export type PinTableId = (typeof pinTableIds)[number];
