/**
 * Focus on arrival: when a pane arrives on a screen (a new path, another tab, or the pane
 * itself taking the focus with `w h`), the screen's main grid takes the keyboard, so `j`, `k`
 * and Enter work at once. The main grid is the one marked `data-main-grid`, else the first grid
 * of the pane not marked `data-arrival-focus="off"`. Screens load and fetch on demand, so the pane is watched while it settles.
 */

/** How long a screen may take to show its grid (lazy code, then its first data). */
const WAIT_MS = 10_000;

const MAIN_GRID = '[role="grid"][data-main-grid]';
const ANY_GRID = '[role="grid"]:not([data-arrival-focus="off"])';
const TEXT_ENTRY =
  'input:not([type="checkbox"]):not([type="radio"]):not([type="button"]):not([type="submit"]), textarea, select, [contenteditable="true"], [role="textbox"], [role="combobox"]';

/** The grid a pane's screen is about: its marked main grid, else its first grid. */
export function mainGridOf(pane: ParentNode): HTMLElement | null {
  return pane.querySelector<HTMLElement>(MAIN_GRID) ?? pane.querySelector<HTMLElement>(ANY_GRID);
}

/**
 * Whether focus may be moved without taking it from the user: nothing has it (the last screen's
 * grid went away with its screen), or it still sits where it was when the pane arrived, outside
 * the pane (a sidebar link, the other pane), in nothing that takes text and in no overlay.
 */
export function focusIsFree(pane: Element, atArrival: Element | null): boolean {
  const active = document.activeElement;
  if (!active || active === document.body || !active.isConnected) return true;
  if (active !== atArrival || pane.contains(active)) return false;
  return !active.matches(TEXT_ENTRY) && !active.closest('[data-overlay], [role="dialog"]');
}

/** Whether the focus is still where it was at arrival, inside the pane (on the screen it leaves). */
function stillOnLeavingScreen(pane: Element, atArrival: Element | null): boolean {
  const active = document.activeElement;
  return active !== null && active === atArrival && active.isConnected && pane.contains(active);
}

/**
 * Moves the focus to the pane's main grid as soon as it exists, unless the user has put the focus
 * somewhere in the meantime (`/` into the filter box, a dialog, the palette). While the screen
 * settles, a grid it replaces (its data arrived, a filter re-keyed it) hands the focus on to the
 * new one. Returns a function that stops watching.
 */
export function focusMainGridOnArrival(pane: HTMLElement): () => void {
  const atArrival = document.activeElement;
  let focused: HTMLElement | null = null;
  let done = false;
  const attempt = (): void => {
    if (done) return;
    if (focused && document.activeElement === focused) return;
    // The screen the pane is leaving may still be on show, its grid still focused (the router
    // renders the new screen in a transition): wait until it goes and the focus with it.
    if (stillOnLeavingScreen(pane, atArrival)) return;
    if (!focusIsFree(pane, atArrival)) return stop();
    const grid = mainGridOf(pane);
    if (!grid) return;
    grid.focus({ preventScroll: true });
    focused = grid;
  };
  const observer = new MutationObserver(attempt);
  const timer = window.setTimeout(() => stop(), WAIT_MS);
  function stop(): void {
    done = true;
    observer.disconnect();
    window.clearTimeout(timer);
  }
  observer.observe(pane, { childList: true, subtree: true });
  attempt();
  return stop;
}
