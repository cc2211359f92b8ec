import { createBrowserRouter } from 'react-router-dom';

import { isWorkspacePath, routeIds, routes } from '../../shared/routes';
import { NotFound } from './not-found';
import { RouteError } from './route-error';
import { routeTree } from './route-tree';
import { layouts, screens } from './screens';

// Landing, sign-in and the single sign-on callback.
const publicRouteIds = routeIds.filter((id) => !isWorkspacePath(routes[id].path));

/** The router of the screens outside the workspace. */
export function createPublicRouter() {
  return createBrowserRouter([
    {
      errorElement: <RouteError />,
      hydrateFallbackElement: <div className="splash">Loading…</div>,
      children: [
        ...routeTree(publicRouteIds, screens, layouts),
        { path: '*', element: <NotFound /> },
      ],
    },
  ]);
}
