import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Kysely } from 'kysely';

import type { Permission } from '../shared/permissions';
import type { Viewer } from './accounts/viewer';
import type { Config } from './config';
import type { DatabaseHandle } from './db/database';
import type { Database } from './db/schema';
import type { AuditEntryInput } from './plugins/audit';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Kysely<Database>;
    database: DatabaseHandle;
    /** Appends to the audit log, with who and from where taken from the request. */
    audit(request: FastifyRequest, entry: AuditEntryInput): Promise<void>;
    /** A preHandler that answers 403 unless the viewer holds the permission. */
    requirePermission(permission: Permission): preHandlerAsyncHookHandler;
  }
  interface FastifyRequest {
    /** The signed-in user; set inside the authenticated scope. */
    viewer: Viewer | null;
    /** The session this request carried, when valid. */
    session: { tokenHash: string; createdAt: number; expiresAt: number } | null;
  }
  interface FastifyContextConfig {
    /** Set false on routes authenticated by a token rather than the session cookie. */
    csrf?: boolean;
    /**
     * `as-logged`: the reply lists account names to map to people, shown unredacted to those
     * who may reveal identities (plugins/privacy.ts).
     */
    accountNames?: 'as-logged';
    /**
     * `query-values`: `q` is a hunting query; the route guards the values it searches for
     * (field names such as `file.name` are not a person's name) instead of the whole text.
     */
    textSearch?: 'query-values';
  }
}
