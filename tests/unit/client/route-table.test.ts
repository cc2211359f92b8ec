// @vitest-environment jsdom
import { matchRoutes } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

import { paneRoutes } from '../../../src/client/app/pane-routes';
import { routeTree } from '../../../src/client/app/route-tree';
import type { ScreenHandle } from '../../../src/client/app/route-tree';
import { layouts, screens } from '../../../src/client/app/screens';
import { buildPath, isWorkspacePath, routeIds, routes } from '../../../src/shared/routes';
import type { RouteId } from '../../../src/shared/routes';

const params = { id: 'inv-1', incidentId: 'inc-2', integrationId: 'okta', alertId: 'alert-3' };

/** The route id of the screen a router tree shows at `path`, or what it shows instead. */
function shownAt(tree: RouteObject[], path: string): string | undefined {
  const leaf = matchRoutes(tree, path)?.at(-1)?.route;
  const handle = leaf?.handle as ScreenHandle | undefined;
  return handle?.routeId ?? leaf?.path;
}

describe('the route table and the screens', () => {
  it('give every route of src/shared/routes.ts a screen, and every screen a route', () => {
    expect(Object.keys(screens).sort()).toEqual([...routeIds].sort());
  });

  it('only wrap routes of the table in layouts', () => {
    expect(Object.keys(layouts).filter((id) => !routeIds.includes(id as RouteId))).toEqual([]);
  });

  it('make the pane router show each workspace route at its path, with or without a trailing slash', () => {
    const workspaceIds = routeIds.filter((id) => isWorkspacePath(routes[id].path));
    expect(workspaceIds.length).toBeGreaterThan(20);
    for (const id of workspaceIds) {
      const path = buildPath(id, params as never);
      expect(shownAt(paneRoutes, path), path).toBe(id);
      const other = path.endsWith('/') ? path.slice(0, -1) : `${path}/`;
      expect(shownAt(paneRoutes, other), other).toBe(id);
    }
  });

  it('keep public screens out of the panes, and show Not Found for unknown paths', () => {
    expect(shownAt(paneRoutes, '/auth/')).toBe('*');
    expect(shownAt(paneRoutes, '/app/nowhere')).toBe('*');
    expect(shownAt(paneRoutes, '/app/investigations/inv-1/evidence-locker/unknown')).toBe('*');
    expect(shownAt(paneRoutes, '/app/admin')).toBe('/app/admin');
  });

  it('make the public router show each route outside the workspace', () => {
    const publicIds = routeIds.filter((id) => !isWorkspacePath(routes[id].path));
    expect(publicIds).toEqual(['landing', 'auth', 'authCallback']);
    const tree = routeTree(publicIds, screens, layouts);
    for (const id of publicIds) expect(shownAt(tree, routes[id].path)).toBe(id);
  });

  it('nest investigation screens inside the investigation frame, and evidence pages inside the locker', () => {
    const frames = (path: string) =>
      (matchRoutes(paneRoutes, path) ?? []).map((match) => match.route.lazy !== undefined);
    // Pane frame, error boundary, investigation frame, locker frame, the page.
    expect(frames('/app/investigations/7/evidence-locker/devices')).toEqual([
      false,
      false,
      true,
      true,
      true,
    ]);
    expect(frames('/app/investigations/7/incidents/inc-2')).toEqual([
      false,
      false,
      true,
      true,
      true,
    ]);
    expect(frames('/app/investigations/7/mitre')).toEqual([false, false, true, true]);
  });
});
