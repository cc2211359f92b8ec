import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';

import { login } from '../../api/auth/login';
import { HttpError } from '../../api/http-error';
import { Field } from '../../components/field';
import { afterSignIn, safeNext } from './safe-next';

/** The sign-in form: email and password, with the server's sentence on failure. */
export default function SignInPage() {
  const [params] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sso, setSso] = useState<{ enabled: boolean; label: string | null } | null>(null);
  useEffect(() => {
    // Public and optional: without it the form alone is shown.
    fetch('/api/app/auth/sso/config', { credentials: 'include' })
      .then((reply) =>
        reply.ok ? (reply.json() as Promise<{ enabled: boolean; label: string | null }>) : null,
      )
      .then(setSso, () => setSso(null));
  }, []);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!email.trim() || !password) {
      setError('Enter your email and password.');
      return;
    }
    setBusy(true);
    try {
      const me = await login({ email: email.trim(), password });
      window.location.assign(afterSignIn(params.get('next'), me.permissions));
    } catch (caught) {
      setError(
        caught instanceof HttpError
          ? (caught.serverMessage ?? `Sign-in failed: ${caught.statusText}`)
          : 'Vigil could not be reached. Check your connection and try again.',
      );
      setBusy(false);
    }
  };

  return (
    <main className="public">
      <form
        className="public-card"
        onSubmit={(event) => void onSubmit(event)}
        noValidate
        style={{ display: 'grid', gap: 14 }}
      >
        <div style={{ display: 'flex', alignItems: 'center', gap: 10 }}>
          <img src="/favicon.svg" alt="" width={24} height={24} />
          <h1>Sign in to Vigil</h1>
        </div>
        {params.get('next') ? (
          <div className="muted">Your session ended. Sign in to continue where you were.</div>
        ) : null}
        <Field label="Email">
          <input
            className="input"
            type="email"
            name="email"
            autoComplete="username"
            autoFocus
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </Field>
        <Field label="Password">
          <input
            className="input"
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </Field>
        {error ? (
          <div className="alert error" role="alert">
            {error}
          </div>
        ) : null}
        <button
          type="submit"
          className="button primary"
          disabled={busy}
          style={{ justifyContent: 'center' }}
        >
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
        {sso?.enabled ? (
          <a
            className="button"
            style={{ justifyContent: 'center' }}
            href={`/api/app/auth/sso/start?${new URLSearchParams({ next: safeNext(params.get('next')) }).toString()}`}
          >
            Sign in with {sso.label}
          </a>
        ) : null}
      </form>
    </main>
  );
}
