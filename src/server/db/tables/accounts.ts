import type { Generated } from 'kysely';

/**
 * Vigil's own users: roles, accounts, sessions, API tokens, settings, sign-in throttling,
 * installation secrets.
 */

export interface UserSettingsTable {
  user_id: string;
  /** JSON document (UserSettings). */
  settings: string;
  updated_at: number;
}

export interface RolesTable {
  id: string;
  name: string;
  description: string;
  /** JSON array of permission ids. */
  permissions: string;
  built_in: number;
  created_at: number;
  updated_at: number;
}

export interface UsersTable {
  id: string;
  email: string;
  display_name: string;
  password_hash: string | null;
  disabled: number;
  created_at: number;
  updated_at: number;
  last_login_at: number | null;
  /** 1 while the password is one an admin set (new user, reset): its owner must change it. */
  password_temporary: Generated<number>;
}

export interface UserRolesTable {
  user_id: string;
  role_id: string;
}

/** A sign-in counter (src/server/accounts/sign-in-throttle.ts); the key is a digest, never an identifier. */
export interface SignInAttemptsTable {
  key: string;
  attempts: number;
  last_at: number;
  /** When the row may be pruned. */
  expires_at: number;
}

/** Random secrets made on first use, e.g. the key of the sign-in digests. */
export interface InstallationSecretsTable {
  name: string;
  value: string;
  created_at: number;
}

export interface SessionsTable {
  token_hash: string;
  user_id: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  ip: string | null;
  user_agent: string | null;
}

/** A personal access token (migration 0035); only its keyed hash is stored. */
export interface ApiTokensTable {
  id: string;
  user_id: string;
  name: string;
  /** JSON array of permission ids the owner chose. */
  scopes: string;
  token_hash: string;
  created_at: number;
  expires_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
  /** The user who revoked it (the owner or an admin). */
  revoked_by: string | null;
}
