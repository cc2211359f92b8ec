import * as client from 'openid-client';

import type { SsoConfig } from '../config';

/** What the browser carries between leaving for the provider and coming back (short-lived cookie). */
export interface SsoPending {
  state: string;
  nonce: string;
  verifier: string;
  next: string;
  redirectUrl: string;
}

export const SSO_COOKIE = 'vigil_sso';
export const SSO_COOKIE_MAX_AGE_S = 600;

/**
 * The OpenID Connect relying party: discovery (cached), the authorization URL with PKCE,
 * state and nonce, and the code exchange that yields the verified email.
 */
export class SsoClient {
  private configuration: Promise<client.Configuration> | null = null;

  constructor(private readonly settings: SsoConfig) {}

  get label(): string {
    return this.settings.label;
  }

  private discover(): Promise<client.Configuration> {
    this.configuration ??= client
      .discovery(
        new URL(this.settings.issuer),
        this.settings.clientId,
        this.settings.clientSecret,
        undefined,
        this.settings.allowInsecure ? { execute: [client.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        this.configuration = null;
        throw error;
      });
    return this.configuration;
  }

  /** Where to send the browser, and what to remember until it comes back. */
  async start(origin: string, next: string): Promise<{ url: string; pending: SsoPending }> {
    const configuration = await this.discover();
    const verifier = client.randomPKCECodeVerifier();
    const pending: SsoPending = {
      state: client.randomState(),
      nonce: client.randomNonce(),
      verifier,
      next,
      redirectUrl: this.settings.redirectUrl ?? `${origin}/api/app/auth/sso/callback`,
    };
    const url = client.buildAuthorizationUrl(configuration, {
      redirect_uri: pending.redirectUrl,
      scope: 'openid email profile',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state: pending.state,
      nonce: pending.nonce,
    });
    return { url: url.href, pending };
  }

  /** Exchanges the code; returns the email the provider vouches for, or throws a sentence. */
  async finish(
    callbackUrl: URL,
    pending: SsoPending,
  ): Promise<{ email: string; name: string | null }> {
    const configuration = await this.discover();
    const tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: pending.verifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    let claims: Record<string, unknown> = { ...(tokens.claims() ?? {}) };
    // Many providers put profile claims only in the userinfo reply, not in the ID token.
    if (typeof claims.email !== 'string' && typeof claims.sub === 'string') {
      claims = {
        ...claims,
        ...(await client.fetchUserInfo(configuration, tokens.access_token, claims.sub)),
      };
    }
    const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
    if (!email)
      throw new Error('The identity provider did not say which email you signed in with.');
    if (claims.email_verified === false)
      throw new Error('The identity provider has not verified your email address.');
    return { email, name: typeof claims.name === 'string' ? claims.name : null };
  }
}
