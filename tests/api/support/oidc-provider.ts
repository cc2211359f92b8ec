import type { Server } from 'node:http';

import Provider from 'oidc-provider';

/** A real OpenID Connect provider on a random port, for single sign-on tests. */
export interface TestProvider {
  issuer: string;
  close(): Promise<void>;
  /** Drives the provider's own login and consent pages as the given email; returns the redirect back. */
  signInAs(authorizationUrl: string, email: string): Promise<URL>;
}

/** Starts oidc-provider with one client for Vigil; any login is accepted as its email. */
export async function startTestProvider(redirectUri: string): Promise<TestProvider> {
  let server: Server | null = null;
  const port = await new Promise<number>((resolve) => {
    const probe = new Provider('http://127.0.0.1', {}).listen(0, () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'vigil',
        client_secret: 'vigil-test-secret',
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: (_context: unknown, id: string) => ({
      accountId: id,
      claims: () => ({
        sub: id,
        email: id,
        email_verified: !id.startsWith('unverified'),
        name: id,
      }),
    }),
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
  });
  server = provider.listen(port);

  /** Follows the provider's redirects and submits its forms, carrying its cookies. */
  async function signInAs(authorizationUrl: string, email: string): Promise<URL> {
    const jar = new Map<string, string>();
    const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const remember = (response: Response) => {
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const [name, ...value] = pair!.split('=');
        jar.set(name!.trim(), value.join('='));
      }
    };
    let url = new URL(authorizationUrl);
    for (let step = 0; step < 20; step++) {
      if (!url.href.startsWith(issuer)) return url;
      const response = await fetch(url, {
        redirect: 'manual',
        headers: { cookie: cookieHeader() },
      });
      remember(response);
      const location = response.headers.get('location');
      if (location) {
        url = new URL(location, url);
        continue;
      }
      const html = await response.text();
      const action = /action="([^"]+)"/.exec(html)?.[1];
      if (!action)
        throw new Error(`the provider showed a page without a form: ${html.slice(0, 200)}`);
      const form: Record<string, string> = html.includes('name="login"')
        ? { prompt: 'login', login: email, password: 'any' }
        : { prompt: 'consent' };
      const submitted = await fetch(new URL(action, url), {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie: cookieHeader(), 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form).toString(),
      });
      remember(submitted);
      url = new URL(submitted.headers.get('location')!, url);
    }
    throw new Error('the provider never sent the browser back');
  }

  return {
    issuer,
    signInAs,
    close: () => new Promise((resolve) => (server ? server.close(() => resolve()) : resolve())),
  };
}
