import { randomUUID } from 'node:crypto';

import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';

import { buildApp } from '../../../src/server/app';
import { hashPassword } from '../../../src/server/accounts/passwords';
import { seedDemoEmployees } from '../../../src/server/demo/demo-employees';
import { loadConfig } from '../../../src/server/config';
import type { Config } from '../../../src/server/config';
import { openDatabase } from '../../../src/server/db/database';
import type { DatabaseHandle } from '../../../src/server/db/database';
import type { Dialect } from '../../../src/server/db/dialect';
import { insertUserIfAbsent } from '../../../src/server/db/queries/users';
import type { Database } from '../../../src/server/db/schema';
import { openTestDatabase } from './test-database';

export const HOST = 'vigil.test';
export const ORIGIN = `http://${HOST}`;

/** A reply as a test sees it. */
export interface Reply<T = any> {
  status: number;
  body: T;
  headers: Record<string, string | string[] | number | undefined>;
  cookies: Array<{ name: string; value: string; expires?: Date }>;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** Someone using the API: anonymous, or signed in with a session cookie. */
export class ApiClient {
  constructor(
    private readonly app: FastifyInstance,
    public cookie: string | null = null,
    public readonly user: { id: string; email: string; password: string } | null = null,
  ) {}

  get<T = any>(path: string, query?: Record<string, string | number>) {
    const search = query
      ? `?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`
      : '';
    return this.send<T>('GET', `${path}${search}`);
  }
  post<T = any>(path: string, body?: unknown) {
    return this.send<T>('POST', path, body);
  }
  put<T = any>(path: string, body?: unknown) {
    return this.send<T>('PUT', path, body);
  }
  patch<T = any>(path: string, body?: unknown) {
    return this.send<T>('PATCH', path, body);
  }
  delete<T = any>(path: string) {
    return this.send<T>('DELETE', path);
  }

  /** Sends a request under /api/app as the browser would: same origin, JSON, the cookie. */
  async send<T = any>(
    method: Method,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Reply<T>> {
    // A header given as '' is left out, so tests can drop the defaults.
    const merged = Object.fromEntries(
      Object.entries({
        host: HOST,
        origin: ORIGIN,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...headers,
      }).filter(([, value]) => value !== ''),
    );
    const response = await this.app.inject({
      method,
      url: `/api/app${path}`,
      headers: merged,
      ...(body !== undefined
        ? { payload: typeof body === 'string' ? body : JSON.stringify(body) }
        : {}),
    });
    let parsed: unknown;
    try {
      parsed = response.body ? JSON.parse(response.body) : null;
    } catch {
      parsed = response.body;
    }
    return {
      status: response.statusCode,
      body: parsed as T,
      headers: response.headers,
      cookies: response.cookies,
    };
  }
}

/** A running app on a fresh database, with helpers that speak the domain. */
export interface TestApp {
  app: FastifyInstance;
  db: Kysely<Database>;
  dialect: Dialect;
  database: DatabaseHandle;
  anonymous: ApiClient;
  /** Creates a user with these roles and signs them in. */
  signInAs(roles: string | string[], options?: { email?: string }): Promise<ApiClient>;
  /** Signs in with a password, returning the client (with its cookie) and the reply. */
  signIn(email: string, password: string): Promise<{ client: ApiClient; reply: Reply }>;
  close(): Promise<void>;
}

const PASSWORD = 'test-password-1234';

/** Where a test app's data lives, and what it runs besides the routes. */
export interface TestAppOptions {
  /** A migrated database to use instead of a fresh one (a second app on the same data). */
  database?: DatabaseHandle;
  /** A SQLite file (migrated) to use instead of memory: another process can open it. */
  databaseUrl?: string;
  /** Registers plugins before the app is ready (background jobs: main.ts registers them). */
  register?: (app: FastifyInstance) => Promise<void>;
}

/** Builds the app on a fresh database of this run's engine, seeded with the demo employees. */
export async function startTestApp(
  overrides: Partial<Config> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const database =
    options.database ??
    (options.databaseUrl ? openDatabase(options.databaseUrl) : await openTestDatabase());
  await seedDemoEmployees(database.db);
  const config = { ...loadConfig({}), ...overrides };
  const app = await buildApp({ config, database });
  await options.register?.(app);
  await app.ready();
  const passwordHash = await hashPassword(PASSWORD);

  async function signIn(email: string, password: string) {
    const client = new ApiClient(app);
    const reply = await client.post('/auth/login', { email, password });
    const session = reply.cookies.find((c) => c.name === 'vigil_session');
    const user =
      reply.status === 200 ? { id: reply.body.user.id as string, email, password } : null;
    return {
      client: new ApiClient(app, session ? `vigil_session=${session.value}` : null, user),
      reply,
    };
  }

  return {
    app,
    db: database.db,
    dialect: database.dialect,
    database,
    anonymous: new ApiClient(app),
    signIn,
    async signInAs(roles, options = {}) {
      const list = Array.isArray(roles) ? roles : [roles];
      const email = options.email ?? `${list.join('-')}-${randomUUID().slice(0, 8)}@vigil.test`;
      await insertUserIfAbsent(
        database.db,
        {
          id: randomUUID(),
          email,
          displayName: `Test ${list.join(' ')}`,
          passwordHash,
          now: Date.now(),
        },
        list,
      );
      const { client, reply } = await signIn(email, PASSWORD);
      if (reply.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(reply.body)}`);
      return client;
    },
    async close() {
      await app.close();
    },
  };
}
