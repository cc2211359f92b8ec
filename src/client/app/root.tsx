import { lazy, Suspense, useMemo } from 'react';
import { RouterProvider } from 'react-router-dom';

import { isWorkspacePath } from '../../shared/routes';
import { createPublicRouter } from './public-router';

const Workspace = lazy(() => import('./shell/app-shell'));

/** Picks the public screens or the workspace from the URL the page was opened at. */
export function Root() {
  const inWorkspace = isWorkspacePath(window.location.pathname);
  const router = useMemo(() => (inWorkspace ? null : createPublicRouter()), [inWorkspace]);
  if (router) return <RouterProvider router={router} />;
  return (
    <Suspense fallback={<div className="splash">Loading Vigil…</div>}>
      <Workspace />
    </Suspense>
  );
}
