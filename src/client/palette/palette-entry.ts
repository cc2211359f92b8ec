/** One row of the palette, whatever it stands for. */
export interface PaletteEntry {
  /** Stable key: `cmd:<id>`, `inv:<id>`, `emp:<id>`, `inc:<id>`, `int:<id>`, `intq:<id>` (a quarantine), `intf:<id>` (a failing collector), `evt:<case>:<event>`, `hunt:<id>` (a saved search), `choice:<id>`; also the recency key. */
  readonly key: string;
  readonly group:
    | 'Recent'
    | 'Commands'
    | 'Pages'
    | 'Investigations'
    | 'People'
    | 'Incidents'
    | 'Integrations'
    | 'Events'
    | 'Searches'
    | 'Choices';
  readonly label: string;
  readonly detail?: string;
  /** The current key binding, formatted, or ''. */
  readonly keys?: string;
  /** Why it cannot be chosen now; shown in place of the detail. */
  readonly disabledReason?: string | null;
  /** What fuzzy search matches against. */
  readonly searchText: string;
  /**
   * The server found it for this very query by what the browser never sees (a person's real
   * name, for those who may reveal identities): it stays even when `searchText` does not match.
   */
  readonly serverMatch?: boolean;
  /** Runs the entry; `newTab` when chosen with Ctrl/Cmd+Enter. */
  run(newTab: boolean): void;
}
