/**
 * The workspace as data: tabs (each one location) and one or two panes showing them side by
 * side. Pure functions, so the rules (distinct tabs per pane, what closing does) are unit-tested
 * apart from React.
 */
import { matchPath, routes } from '../../shared/routes';

/** One tab: a location (pathname and search) in the app. */
export interface Tab {
  readonly id: string;
  readonly location: string;
}

/** Tabs, the tab each pane shows (one pane, or two side by side) and which pane has focus. */
export interface Workspace {
  readonly tabs: readonly Tab[];
  readonly panes: readonly string[];
  readonly focus: number;
}

let counter = 0;
/** A tab id unique in this page's life. */
export function newTabId(): string {
  counter += 1;
  return `t${Date.now().toString(36)}${counter.toString(36)}`;
}

/** A workspace with one tab at a location. */
export function initialWorkspace(location: string, id = newTabId()): Workspace {
  return { tabs: [{ id, location }], panes: [id], focus: 0 };
}

/** The id of the tab in the focused pane. */
export function focusedTabId(ws: Workspace): string {
  return ws.panes[ws.focus] ?? ws.panes[0]!;
}

export function focusedTab(ws: Workspace): Tab {
  const id = focusedTabId(ws);
  return ws.tabs.find((tab) => tab.id === id) ?? ws.tabs[0]!;
}

/** Shows a tab in the focused pane; if the other pane shows it, the panes swap. */
export function showTab(ws: Workspace, tabId: string): Workspace {
  if (!ws.tabs.some((tab) => tab.id === tabId)) return ws;
  const other = ws.panes.findIndex((id, index) => id === tabId && index !== ws.focus);
  if (other >= 0) return { ...ws, focus: other };
  const panes = ws.panes.map((id, index) => (index === ws.focus ? tabId : id));
  return { ...ws, panes };
}

/** Opens a new tab at a location, after the focused one; shown in the focused pane unless `background`. */
export function openTab(
  ws: Workspace,
  location: string,
  options: { id?: string; background?: boolean } = {},
): Workspace {
  const tab = { id: options.id ?? newTabId(), location };
  const at = ws.tabs.findIndex((t) => t.id === focusedTabId(ws)) + 1;
  const tabs = [...ws.tabs.slice(0, at), tab, ...ws.tabs.slice(at)];
  const next = { ...ws, tabs };
  return options.background ? next : showTab(next, tab.id);
}

/** The path of a location, without its search. */
function pathOf(location: string): string {
  const end = location.search(/[?#]/);
  return end < 0 ? location : location.slice(0, end);
}

/**
 * The place a location shows: for a route with an id, its path down to that id (a case at its
 * overview, evidence locker or timeline is one place, `/app/investigations/7`); otherwise the
 * whole path (the alert queue, whatever its filters). Two tabs at one place are one too many.
 */
export function placeOf(location: string): string {
  const path = pathOf(location).replace(/\/+$/, '') || '/';
  const match = matchPath(path);
  if (!match) return path;
  const template = routes[match.routeId].path.split('/');
  const first = template.findIndex((part) => part.startsWith(':'));
  return first < 0
    ? path
    : path
        .split('/')
        .slice(0, first + 1)
        .join('/');
}

/** Whether a location shows one thing (a case, an alert, an integration), not a list or page. */
export function isItemPlace(location: string): boolean {
  const match = matchPath(pathOf(location));
  return match !== null && Object.keys(match.params).length > 0;
}

/**
 * The tab that already shows a location's place (see placeOf). The focused tab wins, then
 * the first in the strip.
 */
export function tabShowing(ws: Workspace, location: string): string | null {
  const place = placeOf(location);
  const shows = (tab: Tab) => placeOf(tab.location) === place;
  const focused = focusedTab(ws);
  if (shows(focused)) return focused.id;
  return ws.tabs.find(shows)?.id ?? null;
}

/** The location a tab shows, or undefined for a tab that is not there. */
export function tabLocation(ws: Workspace, tabId: string): string | undefined {
  return ws.tabs.find((tab) => tab.id === tabId)?.location;
}

/** Records where a tab's router went. */
export function setTabLocation(ws: Workspace, tabId: string, location: string): Workspace {
  if (!ws.tabs.some((tab) => tab.id === tabId && tab.location !== location)) return ws;
  return { ...ws, tabs: ws.tabs.map((tab) => (tab.id === tabId ? { ...tab, location } : tab)) };
}

/**
 * Closes a tab. A pane that showed it shows the neighbouring tab no other pane shows; when
 * there is none, the split closes. The last tab cannot close: it goes to `fallback` instead.
 */
export function closeTab(ws: Workspace, tabId: string, fallback: string): Workspace {
  const index = ws.tabs.findIndex((tab) => tab.id === tabId);
  if (index < 0) return ws;
  if (ws.tabs.length === 1) return setTabLocation(ws, tabId, fallback);
  const tabs = ws.tabs.filter((tab) => tab.id !== tabId);
  let panes = [...ws.panes];
  let focus = ws.focus;
  const paneIndex = panes.indexOf(tabId);
  if (paneIndex >= 0) {
    const taken = new Set(panes.filter((id) => id !== tabId));
    const candidates = [...tabs.slice(index), ...tabs.slice(0, index).reverse()];
    const replacement = candidates.find((tab) => !taken.has(tab.id));
    if (replacement) {
      panes[paneIndex] = replacement.id;
    } else {
      panes = panes.filter((id) => id !== tabId);
      focus = 0;
    }
  }
  return { tabs, panes, focus: Math.min(focus, panes.length - 1) };
}

/** Moves focus to the next or previous tab (wrapping) in the focused pane. */
export function cycleTab(ws: Workspace, step: 1 | -1): Workspace {
  const index = ws.tabs.findIndex((tab) => tab.id === focusedTabId(ws));
  const next = ws.tabs[(index + step + ws.tabs.length) % ws.tabs.length]!;
  return showTab(ws, next.id);
}

/** Shows the Nth tab (0-based) in the focused pane, if it exists. */
export function gotoTab(ws: Workspace, position: number): Workspace {
  const tab = ws.tabs[position];
  return tab ? showTab(ws, tab.id) : ws;
}

/** Moves the focused tab one place left or right in the tab strip. */
export function moveTab(ws: Workspace, step: 1 | -1): Workspace {
  const index = ws.tabs.findIndex((tab) => tab.id === focusedTabId(ws));
  const target = index + step;
  if (index < 0 || target < 0 || target >= ws.tabs.length) return ws;
  const tabs = [...ws.tabs];
  [tabs[index], tabs[target]] = [tabs[target]!, tabs[index]!];
  return { ...ws, tabs };
}

/** Moves a tab to a position (drag and drop). */
export function reorderTab(ws: Workspace, tabId: string, position: number): Workspace {
  const tab = ws.tabs.find((t) => t.id === tabId);
  if (!tab) return ws;
  const rest = ws.tabs.filter((t) => t.id !== tabId);
  const at = Math.max(0, Math.min(position, rest.length));
  return { ...ws, tabs: [...rest.slice(0, at), tab, ...rest.slice(at)] };
}

/**
 * Opens or closes the side-by-side split. Opening shows, on the right, the next tab or a copy
 * of the focused location; closing keeps the focused pane's tab.
 */
export function toggleSplit(ws: Workspace, newId = newTabId()): Workspace {
  if (ws.panes.length === 2) return { ...ws, panes: [focusedTabId(ws)], focus: 0 };
  const current = focusedTabId(ws);
  const index = ws.tabs.findIndex((tab) => tab.id === current);
  const neighbour = ws.tabs[index + 1] ?? ws.tabs[index - 1];
  if (neighbour) return { ...ws, panes: [current, neighbour.id], focus: 1 };
  const copy = { id: newId, location: focusedTab(ws).location };
  return { tabs: [...ws.tabs, copy], panes: [current, copy.id], focus: 1 };
}

/** Focuses a pane (0 left, 1 right), or the other pane. */
export function focusPane(ws: Workspace, pane: number | 'other'): Workspace {
  const target = pane === 'other' ? 1 - ws.focus : pane;
  return target >= 0 && target < ws.panes.length ? { ...ws, focus: target } : ws;
}

/** The workspace as a URL: the focused location, plus `#left=` or `#right=` for the other pane. */
export function toUrl(ws: Workspace): string {
  const focused = focusedTab(ws).location;
  if (ws.panes.length < 2) return focused;
  const otherIndex = 1 - ws.focus;
  const other = ws.tabs.find((tab) => tab.id === ws.panes[otherIndex])!;
  return `${focused}#${otherIndex === 0 ? 'left' : 'right'}=${encodeURIComponent(other.location)}`;
}

/** Reads a URL (path, search and hash) into the locations it asks for. */
export function parseUrl(
  pathname: string,
  search: string,
  hash: string,
): { focused: string; other: string | null; otherSide: 'left' | 'right' } {
  const focused = `${pathname}${search}`;
  const match = /^#(left|right)=(.+)$/.exec(hash);
  if (!match) return { focused, other: null, otherSide: 'right' };
  let other: string | null;
  try {
    other = decodeURIComponent(match[2]!);
  } catch {
    other = null;
  }
  // Only in-app locations are accepted from a link.
  if (other && !other.startsWith('/')) other = null;
  return { focused, other, otherSide: match[1] as 'left' | 'right' };
}

/**
 * The workspace a URL asks for, on top of the tabs kept from the last visit: the focused
 * location gets a tab (an existing one at the same place, moved to the location, else a new
 * one), and so does the other pane of a shared split.
 */
export function fromUrl(saved: Workspace | null, url: ReturnType<typeof parseUrl>): Workspace {
  const ws: Workspace | null =
    saved && saved.tabs.length > 0
      ? { ...saved, panes: [saved.panes[0] ?? saved.tabs[0]!.id], focus: 0 }
      : null;
  const ensure = (w: Workspace | null, location: string): [Workspace, string] => {
    if (!w) {
      const fresh = initialWorkspace(location);
      return [fresh, fresh.tabs[0]!.id];
    }
    // A link to what a tab already shows opens there (at the link's page), not in a new tab:
    // following links to the same case used to pile up a tab each.
    const existing = w.tabs.find((tab) => tab.location === location)?.id ?? tabShowing(w, location);
    if (existing) return [setTabLocation(w, existing, location), existing];
    const opened = openTab(w, location, { background: true });
    return [opened, opened.tabs.find((t) => t.location === location && !w.tabs.includes(t))!.id];
  };
  const [withFocused, focusedId] = ensure(ws, url.focused);
  if (!url.other) return { ...withFocused, panes: [focusedId], focus: 0 };
  const [withBoth, otherId] = ensure(withFocused, url.other);
  if (otherId === focusedId) return { ...withBoth, panes: [focusedId], focus: 0 };
  return url.otherSide === 'left'
    ? { ...withBoth, panes: [otherId, focusedId], focus: 1 }
    : { ...withBoth, panes: [focusedId, otherId], focus: 0 };
}
