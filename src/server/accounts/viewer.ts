import type { Permission } from '../../shared/permissions';

/** Who is asking: the signed-in user with the union of their roles' permissions. */
export interface Viewer {
  userId: string;
  email: string;
  displayName: string;
  roles: Array<{ id: string; name: string }>;
  permissions: ReadonlySet<Permission>;
  /** Signed in with a temporary password (admin-set or first): only changing it is allowed. */
  passwordChangeRequired: boolean;
}
