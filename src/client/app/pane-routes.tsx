import type { RouteObject } from 'react-router-dom';
import { Navigate } from 'react-router-dom';

import { page } from './lazy-page';
import { Loading } from '../components/loading';
import { NotFound } from './not-found';
import { PaneFrame } from './pane-frame';
import { RouteError } from './route-error';

/**
 * The screens a workspace pane can show: everything under /app and /dev. Paths come from the
 * brief (src/shared/routes.ts holds the same table for the palette and deep links); every
 * screen loads on demand.
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
          { path: '/app', lazy: page(() => import('../features/dashboard/dashboard-page')) },
          {
            path: '/app/templates',
            lazy: page(() => import('../features/templates/templates-page')),
          },
          {
            path: '/app/investigations',
            lazy: page(() => import('../features/investigations/investigations-page')),
          },
          {
            path: '/app/investigations/:id',
            id: 'investigation',
            lazy: () => import('../features/investigations/investigation-route'),
            children: [
              { index: true, lazy: page(() => import('../features/investigations/overview-page')) },
              { path: 'mitre', lazy: page(() => import('../features/mitre/mitre-page')) },
              {
                path: 'incidents',
                lazy: page(() => import('../features/incidents/incidents-page')),
              },
              {
                path: 'incidents/:incidentId',
                lazy: page(() => import('../features/incidents/incident-page')),
                children: [
                  { index: true, lazy: page(() => import('../features/incidents/incident-index')) },
                ],
              },
              {
                path: 'evidence-locker',
                lazy: page(() => import('../features/evidence/evidence-locker-layout')),
                children: [
                  { index: true, lazy: page(() => import('../features/evidence/evidence-index')) },
                  {
                    path: 'working-hours',
                    lazy: page(() => import('../features/evidence/pages/working-hours-page')),
                  },
                  {
                    path: 'security-hygiene',
                    lazy: page(() => import('../features/evidence/pages/security-hygiene-page')),
                  },
                  {
                    path: 'powershell-commands',
                    lazy: page(() => import('../features/evidence/pages/powershell-page')),
                  },
                  {
                    path: 'local-apps',
                    lazy: page(() => import('../features/evidence/pages/local-apps-page')),
                  },
                  {
                    path: 'file-access',
                    lazy: page(() => import('../features/evidence/pages/file-access-page')),
                  },
                  {
                    path: 'devices',
                    lazy: page(() => import('../features/evidence/pages/devices-page')),
                  },
                  {
                    path: 'deletions',
                    lazy: page(() => import('../features/evidence/pages/deletions-page')),
                  },
                  {
                    path: 'communications-analysis',
                    lazy: page(() => import('../features/evidence/pages/communications-page')),
                  },
                  {
                    path: 'code-repos',
                    lazy: page(() => import('../features/evidence/pages/code-repos-page')),
                  },
                  {
                    path: 'app-access',
                    lazy: page(() => import('../features/evidence/pages/app-access-page')),
                  },
                  {
                    path: 'access-requests',
                    lazy: page(() => import('../features/evidence/pages/access-requests-page')),
                  },
                ],
              },
            ],
          },
          {
            path: '/app/integrations',
            lazy: page(() => import('../features/integrations/integrations-page')),
          },
          {
            path: '/app/integrations/settings/:integrationId',
            lazy: page(() => import('../features/integrations/integration-settings-page')),
          },
          {
            path: '/app/employees',
            lazy: page(() => import('../features/employees/employees-page')),
          },
          {
            path: '/app/configuration',
            lazy: page(() => import('../features/configuration/configuration-page')),
          },
          { path: '/app/admin', element: <Navigate to="/app/admin/manage-users" replace /> },
          {
            path: '/app/admin/manage-users',
            lazy: page(() => import('../features/admin/manage-users-page')),
          },
          {
            path: '/app/admin/manage-global-roles',
            lazy: page(() => import('../features/admin/manage-roles-page')),
          },
          { path: '/app/settings', lazy: page(() => import('../features/settings/settings-page')) },
          {
            path: '/dev/log-generator',
            lazy: page(() => import('../features/log-generator/log-generator-page')),
          },
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
];
