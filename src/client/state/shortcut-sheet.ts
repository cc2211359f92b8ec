import { atom } from 'jotai';

/** Whether the `?` sheet of shortcuts is open. */
export const shortcutSheetOpenAtom = atom(false);
