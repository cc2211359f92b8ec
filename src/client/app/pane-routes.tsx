import type { RouteObject } from 'react-router-dom';
import { Navigate } from 'react-router-dom';

import { isWorkspacePath, routeIds, routes } from '../../shared/routes';
import { Loading } from '../components/loading';
import { NotFound } from './not-found';
import { PaneFrame } from './pane-frame';
import { RouteError } from './route-error';
import { routeTree } from './route-tree';
import { layouts, screens } from './screens';

const workspaceRouteIds = routeIds.filter((id) => isWorkspacePath(routes[id].path));

/**
 * The screens a workspace pane can show: every route of src/shared/routes.ts under /app and
 * /dev, each with its screen from screens.ts, loaded on demand. The shell hands this to the
 * workspace, which makes one router of it per tab.
 */
export const paneRoutes: RouteObject[] = [
  {
    element: <PaneFrame />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <Loading />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          ...routeTree(workspaceRouteIds, screens, layouts),
          // The brief has no /app/admin screen: the path leads to the first admin screen.
          { path: '/app/admin', element: <Navigate to={routes.manageUsers.path} replace /> },
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
];
