import { atom } from 'jotai';

import { initialWorkspace } from './workspace-model';
import type { Tab, Workspace } from './workspace-model';

/** Where tabs are kept between visits. */
export const WORKSPACE_STORAGE_KEY = 'vigil.workspace';

/** The workspace: tabs, panes and focus. Set from the URL and the saved tabs at start. */
export const workspaceAtom = atom<Workspace>(initialWorkspace('/app/'));

/** Tabs saved by the last visit, or null. Malformed data is ignored. */
export function loadSavedWorkspace(): Workspace | null {
  try {
    const raw = localStorage.getItem(WORKSPACE_STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as { tabs?: unknown; panes?: unknown };
    if (!Array.isArray(parsed.tabs) || !Array.isArray(parsed.panes)) return null;
    const tabs = (parsed.tabs as Array<Partial<Tab>>).filter(
      (tab): tab is Tab =>
        typeof tab.id === 'string' &&
        typeof tab.location === 'string' &&
        tab.location.startsWith('/'),
    );
    if (tabs.length === 0) return null;
    const ids = new Set(tabs.map((tab) => tab.id));
    const panes = (parsed.panes as unknown[]).filter(
      (id): id is string => typeof id === 'string' && ids.has(id),
    );
    return { tabs: tabs.slice(0, 50), panes: panes.length > 0 ? panes : [tabs[0]!.id], focus: 0 };
  } catch {
    return null;
  }
}

/** Keeps the tabs for the next visit. */
export function saveWorkspace(ws: Workspace): void {
  try {
    localStorage.setItem(WORKSPACE_STORAGE_KEY, JSON.stringify(ws));
  } catch {
    // Storage full or disabled: tabs simply won't survive a reload.
  }
}
