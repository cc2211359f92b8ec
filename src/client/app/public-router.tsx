import { createBrowserRouter } from 'react-router-dom';

import { page } from './lazy-page';
import { NotFound } from './not-found';
import { RouteError } from './route-error';

/** The screens outside the workspace: landing, sign-in and the single sign-on callback. */
export function createPublicRouter() {
  return createBrowserRouter([
    {
      errorElement: <RouteError />,
      hydrateFallbackElement: <div className="splash">Loading…</div>,
      children: [
        { path: '/', lazy: page(() => import('../features/auth/landing-page')) },
        { path: '/auth', lazy: page(() => import('../features/auth/sign-in-page')) },
        { path: '/auth/callback', lazy: page(() => import('../features/auth/callback-page')) },
        { path: '*', element: <NotFound /> },
      ],
    },
  ]);
}
