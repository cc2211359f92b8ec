import { matchPath } from '../../shared/routes';
import type { Tab } from './workspace-model';

/** Anything keyed by investigation id that must be released when no tab shows the case. */
interface Releasable {
  remove(investigationId: string): void;
}

const families = new Set<Releasable>();

/**
 * Registers a per-investigation atom family (jotai-family's atomFamily) so that its atoms for a
 * case are removed when the last tab showing that case closes.
 */
export function registerInvestigationFamily<T extends Releasable>(family: T): T {
  families.add(family);
  return family;
}

/** The investigation ids the tabs show. */
export function investigationIdsOf(tabs: readonly Tab[]): Set<string> {
  const ids = new Set<string>();
  for (const tab of tabs) {
    const match = matchPath(tab.location.split(/[?#]/)[0]!);
    const id = match?.params.id;
    if (id) ids.add(id);
  }
  return ids;
}

/** Releases the state of cases shown before but by no tab now; returns the released ids. */
export function releaseClosedInvestigations(
  before: readonly Tab[],
  after: readonly Tab[],
): string[] {
  const still = investigationIdsOf(after);
  const released = [...investigationIdsOf(before)].filter((id) => !still.has(id));
  for (const id of released) for (const family of families) family.remove(id);
  return released;
}
