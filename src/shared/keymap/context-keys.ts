/**
 * The context keys `when` clauses may read. Declaring them (type, default, one line of meaning)
 * lets a keymap's typo fail a unit test instead of silently never matching, and gives the
 * client one place that says who maintains each key.
 */
import { routeIds } from '../routes';
import type { WhenValue } from './when-clause';

/** One declared context key. `values` lists the only strings a string key can hold, if known. */
export interface ContextKeyDeclaration {
  readonly type: 'boolean' | 'number' | 'string';
  readonly default: WhenValue;
  readonly description: string;
  readonly values?: readonly string[];
}

/** Every context key Vigil maintains. The client keeps their values in one Jotai atom. */
export const contextKeys = {
  inputFocus: {
    type: 'boolean',
    default: false,
    description: 'Focus is in a text field (input, textarea, select, contenteditable, textbox).',
  },
  listFocus: {
    type: 'boolean',
    default: false,
    description: 'Focus is inside a list or data table whose rows j/k move through.',
  },
  gridFocus: {
    type: 'boolean',
    default: false,
    description: 'Focus is on a cell of a data grid (ARIA grid pattern), not just its rows.',
  },
  detailFocus: {
    type: 'boolean',
    default: false,
    description: 'Focus is in a detail view opened from a list, which `u` leaves.',
  },
  formFocus: {
    type: 'boolean',
    default: false,
    description: 'Focus is in a form, or in a dialog that holds one, which mod+enter sends.',
  },
  paletteOpen: { type: 'boolean', default: false, description: 'The command palette is open.' },
  overlayOpen: {
    type: 'boolean',
    default: false,
    description: 'Any overlay is open (palette, shortcut sheet, dialog, menu); escape closes it.',
  },
  view: {
    type: 'string',
    default: '',
    description: 'The route id of the focused pane, e.g. investigations or incident.',
    values: ['', ...routeIds],
  },
  investigationId: {
    type: 'string',
    default: '',
    description: 'Id of the investigation the focused pane shows; empty outside one.',
  },
  incidentId: {
    type: 'string',
    default: '',
    description: 'Id of the incident the focused pane shows; empty outside one.',
  },
  isAdmin: { type: 'boolean', default: false, description: 'The signed-in user is an admin.' },
  splitOpen: {
    type: 'boolean',
    default: false,
    description: 'The workspace is split into two panes side by side.',
  },
  activePane: {
    type: 'string',
    default: 'left',
    description: 'Which pane has focus when the workspace is split.',
    values: ['left', 'right'],
  },
  tabCount: { type: 'number', default: 1, description: 'Number of open workspace tabs.' },
  selectionCount: {
    type: 'number',
    default: 0,
    description: 'Number of selected rows in the focused list.',
  },
  pendingChord: {
    type: 'string',
    default: '',
    description: 'The chords of an unfinished sequence, e.g. "g", for the "g…" indicator.',
  },
  singleKeyShortcutsEnabled: {
    type: 'boolean',
    default: true,
    description: 'The user setting: false turns off shortcuts made of character keys alone.',
  },
} as const satisfies Record<string, ContextKeyDeclaration>;

/** A declared context key name. */
export type ContextKeyName = keyof typeof contextKeys;

/** Context values as the resolver reads them; undeclared keys are allowed but never validated. */
export type KeymapContext = Readonly<Partial<Record<ContextKeyName, WhenValue>>> &
  Readonly<Record<string, WhenValue | undefined>>;

/** True when `name` is a declared context key. */
export function isContextKey(name: string): name is ContextKeyName {
  return Object.hasOwn(contextKeys, name);
}
