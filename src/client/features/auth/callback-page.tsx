import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';

import type { Permission } from '../../../shared/permissions';
import { API_BASE } from '../../api/http-client';
import { afterSignIn } from './safe-next';

/**
 * Where single sign-on returns. The identity provider sends `error` and `error_description`
 * on failure; otherwise the server has set the session and we continue into the app.
 */
export default function CallbackPage() {
  const [params] = useSearchParams();
  const providerError = params.get('error');
  const [failure, setFailure] = useState<string | null>(
    providerError ? (params.get('error_description') ?? providerError) : null,
  );
  useEffect(() => {
    if (providerError) return;
    // A plain fetch: a 401 here is a failed sign-in to explain, not a reason to bounce to /auth.
    fetch(`${API_BASE}/auth/me`, { credentials: 'include' }).then(
      async (reply) =>
        reply.ok
          ? window.location.assign(
              afterSignIn(
                params.get('next'),
                ((await reply.json()) as { permissions: Permission[] }).permissions,
              ),
            )
          : setFailure(
              'Single sign-on did not start a session: no single sign-on provider is configured for this Vigil, or it refused the sign-in.',
            ),
      () => setFailure('Vigil could not be reached to finish signing in.'),
    );
  }, [providerError, params]);
  return (
    <main className="public">
      <div className="public-card" style={{ display: 'grid', gap: 12 }}>
        <h1>{failure ? 'Sign-in failed' : 'Signing you in…'}</h1>
        {failure ? (
          <>
            <div className="alert error" role="alert">
              {failure}
            </div>
            <Link to="/auth">Back to sign-in</Link>
          </>
        ) : null}
      </div>
    </main>
  );
}
