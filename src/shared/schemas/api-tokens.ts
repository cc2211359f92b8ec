import { z } from 'zod';

import { permissions } from '../permissions';
import { epochMs, userRefSchema } from './common';

/** The longest a personal access token may live. */
export const API_TOKEN_MAX_DAYS = 365;

/**
 * What every API token starts with, so secret scanners (GitHub's, gitleaks) and people can tell
 * one apart from other strings; the rest is 256 random bits.
 */
export const API_TOKEN_PREFIX = 'vgl_';

/** POST /me/tokens: a name to know it by, the permissions it may use, and its lifetime. */
export const createApiTokenBodySchema = z.strictObject({
  name: z.string().trim().min(1, 'Give the token a name.').max(100),
  scopes: z
    .array(z.enum(permissions))
    .min(1, 'Choose at least one scope.')
    .max(permissions.length)
    .refine((scopes) => new Set(scopes).size === scopes.length, 'A scope is listed twice.'),
  expiresInDays: z
    .number()
    .int('Give the lifetime in whole days.')
    .min(1, 'A token lives at least one day.')
    .max(API_TOKEN_MAX_DAYS, `A token lives at most ${API_TOKEN_MAX_DAYS} days.`),
});
export type CreateApiTokenBody = z.infer<typeof createApiTokenBodySchema>;

/** A token as its lists show it: never the secret. */
export const apiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(z.enum(permissions)),
  createdAt: epochMs,
  expiresAt: epochMs,
  lastUsedAt: epochMs.nullable(),
  /** Past its expiry: it answers 401 and can only be revoked (removed from the list). */
  expired: z.boolean(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** The reply to creating a token: the only time the token itself is shown. */
export const createApiTokenReplySchema = apiTokenSchema.extend({ token: z.string() });
export type CreateApiTokenReply = z.infer<typeof createApiTokenReplySchema>;

/** GET /me/tokens: the caller's tokens that are not revoked, newest first. */
export const listApiTokensReplySchema = z.object({ tokens: z.array(apiTokenSchema) });
export type ListApiTokensReply = z.infer<typeof listApiTokensReplySchema>;

/** A token in the admins' list: whose it is, too. */
export const adminApiTokenSchema = apiTokenSchema.extend({ owner: userRefSchema });
export type AdminApiToken = z.infer<typeof adminApiTokenSchema>;

/** GET /admin/tokens: everyone's tokens that are not revoked, newest first. */
export const listAdminApiTokensReplySchema = z.object({ tokens: z.array(adminApiTokenSchema) });
export type ListAdminApiTokensReply = z.infer<typeof listAdminApiTokensReplySchema>;
