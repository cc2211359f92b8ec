/**
 * What the `list.*` commands act on: the list (DataTable, timeline, result list) that has the
 * keyboard. A list registers itself while it has focus; the keymap decides which key runs which
 * command, so lists never listen for j/k themselves.
 */
export interface ListController {
  /** Moves the cursor one row down (`list.next`). */
  next(): void;
  /** Moves the cursor one row up (`list.prev`). */
  prev(): void;
  /** Extends the selection one row down (`list.extendNext`). */
  extendNext(): void;
  /** Extends the selection one row up (`list.extendPrev`). */
  extendPrev(): void;
  /** Toggles the row under the cursor in the selection (`list.toggleSelect`). */
  toggleSelect(): void;
  /** Selects every row of the list, not the page (`list.selectAll`). */
  selectAll(): void;
  /** Clears the selection (`list.clearSelection`); returns whether there was one. */
  clearSelection(): boolean;
  /** Opens the row under the cursor, in the same tab or a new one (`list.open`, `list.openInNewTab`). */
  open(options: { newTab: boolean }): void;
  /** Downloads the current view (filters, sort, visible columns) as CSV (`list.exportCsv`). */
  exportCsv(): void;
  /** How many rows are selected (the `selectionCount` context key). */
  selectionCount(): number;
  /** Jumps to the first row (`list.first`). */
  first?(): void;
  /** Jumps to the last row (`list.last`). */
  last?(): void;
  /** Moves the cursor a screen down (`list.pageDown`). */
  pageDown?(): void;
  /** Moves the cursor a screen up (`list.pageUp`). */
  pageUp?(): void;
}

let active: ListController | null = null;

/** The list each element is, bound when it takes the focus (see bindListElement). */
const lists = new WeakMap<Element, ListController>();

/**
 * Makes a list the target of the list commands; returns a function that undoes it. Nothing
 * needs telling: context keys such as `selectionCount` are read afresh at every key press.
 */
export function setActiveList(controller: ListController): () => void {
  active = controller;
  return () => {
    if (active === controller) active = null;
  };
}

/**
 * Binds an element to its list, so that while the focus is in it the list commands act on that
 * list whatever was registered last. A focused element that is removed gets no blur, so the
 * bookkeeping of setActiveList alone can leave a focused grid with no active list, its keys dead.
 */
export function bindListElement(element: Element, controller: ListController): void {
  lists.set(element, controller);
}

/** The list that has the keyboard: the one bound around the focus, else the last registered. */
export function activeList(): ListController | null {
  for (let at = document.activeElement; at; at = at.parentElement) {
    const bound = lists.get(at);
    if (bound) return bound;
  }
  return active;
}
