import { z } from 'zod';

import { permissions } from '../permissions';

export const loginBodySchema = z.strictObject({
  email: z.string().trim().min(1, 'Enter your email.').max(320),
  password: z.string().min(1, 'Enter your password.').max(1024),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const roleRefSchema = z.object({ id: z.string(), name: z.string() });

/** The signed-in user, their roles and the union of their permissions. */
export const meReplySchema = z.object({
  user: z.object({
    id: z.string(),
    email: z.string(),
    displayName: z.string(),
  }),
  roles: z.array(roleRefSchema),
  permissions: z.array(z.enum(permissions)),
  session: z.object({
    createdAt: z.number(),
    expiresAt: z.number(),
    idleTimeoutMs: z.number(),
  }),
});
export type MeReply = z.infer<typeof meReplySchema>;

/** Single sign-on as advertised to the sign-in page. */
export const ssoConfigReplySchema = z.object({
  enabled: z.boolean(),
  label: z.string().nullable(),
});

/** The one message for every failed sign-in, so it never reveals whether an account exists. */
export const LOGIN_FAILED_MESSAGE =
  'The email or password is incorrect, or the account is disabled.';
