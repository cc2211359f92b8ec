import { withToken } from '../access-token';
import { credentialsKey } from '../access-token-cache';
import type { CollectorContext, PollOutcome } from '../collector';
import type { VendorReply } from '../vendor-http';
import { vendorRequest } from '../vendor-http';
import { mintOktaToken } from './okta-oauth';

/** Whether the collection signs in as an OAuth service app rather than with an API token. */
export function usesOAuth(settings: Readonly<Record<string, string>>): boolean {
  return !settings.token && Boolean(settings.clientId && settings.privateKey);
}

/**
 * A GET to Okta with the collection's credentials: `SSWS <API token>`, or a Bearer token minted
 * for the service app (minted again once when Okta answers 401). A NetworkFailure is thrown.
 */
export function oktaGet(
  url: string,
  context: CollectorContext,
): Promise<VendorReply | { failure: PollOutcome }> {
  const { settings, allowInsecure } = context;
  const send = (authorization: string) =>
    vendorRequest(url, { headers: { accept: 'application/json', authorization }, allowInsecure });
  if (!usesOAuth(settings)) return send(`SSWS ${settings.token}`);
  return withToken(
    credentialsKey(['okta', settings.url!, settings.clientId!, settings.privateKey!]),
    () => context.now(),
    () => mintOktaToken(settings, allowInsecure, () => context.now()),
    (token) => send(`Bearer ${token}`),
    (reply) => reply.status === 401,
  );
}
