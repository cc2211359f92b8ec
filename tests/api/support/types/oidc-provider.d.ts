// oidc-provider ships no types; tests use this small surface of it.
declare module 'oidc-provider' {
  import type { Server } from 'node:http';

  interface Account {
    accountId: string;
    claims(): Record<string, unknown>;
  }
  interface ProviderConfiguration {
    clients?: Array<Record<string, unknown>>;
    claims?: Record<string, string[]>;
    findAccount?: (context: unknown, id: string) => Account | Promise<Account>;
    features?: Record<string, unknown>;
    pkce?: { required?: () => boolean };
  }
  export default class Provider {
    constructor(issuer: string, configuration?: ProviderConfiguration);
    listen(port: number, callback?: () => void): Server;
  }
}
