import type { ComponentType } from 'react';
import type { LoaderFunction, RouteObject } from 'react-router-dom';

import { routes } from '../../shared/routes';
import type { RouteId } from '../../shared/routes';
import { page } from './lazy-page';

/** A screen loaded on demand: a module whose default export is the screen. */
export type ScreenLoader = () => Promise<{ default: ComponentType }>;

/** A layout loaded on demand: a route module with its Component, and a loader if it needs one. */
export type LayoutLoader = () => Promise<{ Component: ComponentType; loader?: LoaderFunction }>;

/** What a generated route carries, so tests (and devtools) can tell which route id it is. */
export interface ScreenHandle {
  readonly routeId: RouteId;
}

function segments(path: string): string[] {
  return path.split('/').filter((part) => part !== '');
}

/** Whether `inner`'s path lies strictly below `outer`'s, segment by segment. */
function isBelow(inner: RouteId, outer: RouteId): boolean {
  const innerParts = segments(routes[inner].path);
  const outerParts = segments(routes[outer].path);
  return (
    innerParts.length > outerParts.length &&
    outerParts.every((part, index) => innerParts[index] === part)
  );
}

/**
 * The router's tree for some routes of the table. Each route gets its path from the table and
 * its screen from `screens`; a route with a layout wraps, as its children, its own screen (the
 * index view) and every route below its path. Paths of children are relative to their layout,
 * as React Router nests them.
 */
export function routeTree(
  ids: readonly RouteId[],
  screens: Readonly<Record<RouteId, ScreenLoader>>,
  layouts: Readonly<Partial<Record<RouteId, LayoutLoader>>>,
): RouteObject[] {
  const layoutIds = ids.filter((id) => layouts[id] !== undefined);
  const parentOf = (id: RouteId): RouteId | null =>
    layoutIds
      .filter((layout) => isBelow(id, layout))
      .sort((a, b) => segments(routes[b].path).length - segments(routes[a].path).length)[0] ?? null;
  const pathFrom = (id: RouteId, parent: RouteId | null): string =>
    parent === null
      ? routes[id].path
      : segments(routes[id].path).slice(segments(routes[parent].path).length).join('/');

  const childrenOf = (parent: RouteId | null): RouteObject[] =>
    ids
      .filter((id) => parentOf(id) === parent)
      .map((id): RouteObject => {
        const handle: ScreenHandle = { routeId: id };
        const screen = { lazy: page(screens[id]), handle };
        const path = pathFrom(id, parent);
        const layout = layouts[id];
        if (!layout) return { path, ...screen };
        return { path, lazy: layout, children: [{ index: true, ...screen }, ...childrenOf(id)] };
      });
  return childrenOf(null);
}
