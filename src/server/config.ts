import path from 'node:path';

import { isPostgresUrl, sqliteFileFor } from './db/database';

/** Everything the server reads from its environment, parsed once at start. */
export interface Config {
  port: number;
  host: string;
  /** Unset: data/vigil.db. A file path or sqlite: URL: SQLite. postgres:// URL: PostgreSQL. */
  databaseUrl: string | undefined;
  adminEmail: string;
  adminPassword: string | undefined;
  logLevel: string;
  /** Pretty, human-readable logs on a terminal; JSON lines otherwise. */
  prettyLogs: boolean;
  /** Directory of the built client; served with a fallback to index.html. */
  clientDir: string;
  /** Set when Vigil is served over HTTPS (directly or behind a proxy): Secure, __Host- cookies. */
  secureCookies: boolean;
  trustProxy: boolean;
  /** Load the generated demo organization into an empty database. */
  demoData: boolean;
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  /** Milliseconds to let requests in flight finish on shutdown before closing anyway. */
  shutdownGraceMs: number;
  /** VIGIL_DB_WAIT_LIMIT_MS: how long a request may wait for the database before a 503. */
  dbWaitLimitMs: number;
  /**
   * VIGIL_DB_OVERLOAD_WAIT_MS: the shorter wait allowed while requests have queued for the
   * database without a break for a second (overload), so those answered are answered in time.
   */
  dbOverloadWaitMs: number;
  /**
   * VIGIL_DB_ANSWER_BUDGET_MS: a request that has waited its overload wait goes on waiting only
   * if, at the line's pace, it would be answered within this long of its arrival.
   */
  dbAnswerBudgetMs: number;
  /** Single sign-on with an OpenID Connect provider, when OIDC_ISSUER is set. */
  sso: SsoConfig | null;
  /** VIGIL_SECRET_KEY: the key collector credentials are encrypted under (32 bytes, hex or base64). */
  secretKey: string | undefined;
  /** Where the key is kept when VIGIL_SECRET_KEY is unset: made on first start, mode 0600. */
  secretKeyFile: string;
  /** VIGIL_ALLOW_HTTP_CONNECTORS: collectors may use plain http and private addresses (tests). */
  allowHttpConnectors: boolean;
  /** VIGIL_PUBLIC_URL: Vigil's address as people open it, for links in notifications. */
  publicUrl: string;
  /**
   * Tests only, never read from the environment: certificates (PEM) that TLS notification
   * channels (syslog over TLS, SMTP) trust besides the system's, so a test's self-signed
   * receiver is verified rather than verification being switched off. Empty in production,
   * where a private CA is added with NODE_EXTRA_CA_CERTS.
   */
  notificationTlsCa: string[];
}

/** The key file's default place: beside the SQLite database, or under data/ for PostgreSQL. */
function defaultKeyFile(databaseUrl: string | undefined): string {
  const file = isPostgresUrl(databaseUrl) ? ':memory:' : sqliteFileFor(databaseUrl);
  const dir = file === ':memory:' ? 'data' : path.dirname(file);
  return path.resolve(dir, 'vigil-secret.key');
}

/** An OpenID Connect provider Vigil users may sign in with. */
export interface SsoConfig {
  issuer: string;
  clientId: string;
  clientSecret: string | undefined;
  /** Shown on the sign-in button, e.g. "Okta". */
  label: string;
  /** Where the provider sends the browser back; defaults to this server's callback route. */
  redirectUrl: string | undefined;
  /** Plain http to the provider (development and tests only). */
  allowInsecure: boolean;
}

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) {
    throw new Error(`${name} must be a non-negative integer, got "${value}".`);
  }
  return parsed;
}

function bool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());
}

/** Reads the configuration; throws a sentence naming the variable when one is malformed. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: int(env.PORT, 8080, 'PORT'),
    host: env.HOST ?? '127.0.0.1',
    databaseUrl: env.DATABASE_URL || undefined,
    adminEmail: (env.VIGIL_ADMIN_EMAIL ?? 'admin@vigil.local').trim().toLowerCase(),
    adminPassword: env.VIGIL_ADMIN_PASSWORD || undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    prettyLogs: bool(env.VIGIL_PRETTY_LOGS, Boolean(process.stdout.isTTY)),
    clientDir: path.resolve(env.VIGIL_CLIENT_DIR ?? 'dist/client'),
    secureCookies: bool(env.VIGIL_SECURE_COOKIES, false),
    trustProxy: bool(env.VIGIL_TRUST_PROXY, false),
    demoData: bool(env.VIGIL_DEMO_DATA, true),
    sessionIdleMs: int(env.VIGIL_SESSION_IDLE_MINUTES, 30, 'VIGIL_SESSION_IDLE_MINUTES') * 60_000,
    sessionAbsoluteMs:
      int(env.VIGIL_SESSION_ABSOLUTE_HOURS, 12, 'VIGIL_SESSION_ABSOLUTE_HOURS') * 3_600_000,
    shutdownGraceMs: int(env.VIGIL_SHUTDOWN_GRACE_MS, 10_000, 'VIGIL_SHUTDOWN_GRACE_MS'),
    dbWaitLimitMs: int(env.VIGIL_DB_WAIT_LIMIT_MS, 5_000, 'VIGIL_DB_WAIT_LIMIT_MS'),
    dbOverloadWaitMs: int(env.VIGIL_DB_OVERLOAD_WAIT_MS, 1_000, 'VIGIL_DB_OVERLOAD_WAIT_MS'),
    dbAnswerBudgetMs: int(env.VIGIL_DB_ANSWER_BUDGET_MS, 2_000, 'VIGIL_DB_ANSWER_BUDGET_MS'),
    sso: env.OIDC_ISSUER
      ? {
          issuer: env.OIDC_ISSUER,
          clientId: env.OIDC_CLIENT_ID ?? 'vigil',
          clientSecret: env.OIDC_CLIENT_SECRET || undefined,
          label: env.OIDC_LABEL ?? 'single sign-on',
          redirectUrl: env.OIDC_REDIRECT_URL || undefined,
          allowInsecure: bool(env.OIDC_ALLOW_INSECURE, false),
        }
      : null,
    secretKey: env.VIGIL_SECRET_KEY || undefined,
    secretKeyFile: env.VIGIL_SECRET_KEY_FILE
      ? path.resolve(env.VIGIL_SECRET_KEY_FILE)
      : defaultKeyFile(env.DATABASE_URL || undefined),
    allowHttpConnectors: bool(env.VIGIL_ALLOW_HTTP_CONNECTORS, false),
    publicUrl: (
      env.VIGIL_PUBLIC_URL || `http://${env.HOST ?? '127.0.0.1'}:${env.PORT || '8080'}`
    ).replace(/\/+$/, ''),
    notificationTlsCa: [],
  };
}
