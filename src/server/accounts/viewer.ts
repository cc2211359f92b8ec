import type { Permission } from '../../shared/permissions';

/** The API token a request came with (`Authorization: Bearer`), named in its audit entries. */
export interface ApiTokenUse {
  id: string;
  name: string;
  /** What the owner chose for it; `Viewer.permissions` is these within the owner's roles. */
  scopes: ReadonlySet<Permission>;
}

/**
 * Who is asking: the signed-in user with the union of their roles' permissions, or, for a
 * request with an API token, the token's owner with the scopes of the token that their roles
 * still hold.
 */
export interface Viewer {
  userId: string;
  email: string;
  displayName: string;
  roles: Array<{ id: string; name: string }>;
  permissions: ReadonlySet<Permission>;
  /** Signed in with a temporary password (admin-set or first): only changing it is allowed. */
  passwordChangeRequired: boolean;
  /** Set when the request came with an API token rather than a session. */
  apiToken?: ApiTokenUse;
}
