import { z } from 'zod';

import { permissions } from '../permissions';
import { passwordSchema } from './admin';

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
  /** The session of a signed-in browser; null for a request made with an API token. */
  session: z
    .object({
      createdAt: z.number(),
      expiresAt: z.number(),
      idleTimeoutMs: z.number(),
    })
    .nullable(),
  /** The API token the request came with, if it came with one; `permissions` are its scopes within the roles. */
  apiToken: z
    .object({ id: z.string(), name: z.string(), scopes: z.array(z.enum(permissions)) })
    .optional(),
  /** The password is a temporary one an admin set: the user must change it before anything else. */
  passwordChangeRequired: z.boolean(),
});
export type MeReply = z.infer<typeof meReplySchema>;

/** POST /me/password: the current password, checked, and the new one, under the usual rules. */
export const changePasswordBodySchema = z
  .strictObject({
    currentPassword: z.string().min(1, 'Enter your current password.').max(1024),
    newPassword: passwordSchema,
  })
  .refine((body) => body.newPassword !== body.currentPassword, {
    path: ['newPassword'],
    message: 'The new password must differ from the current one.',
  });
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/** The password changed; this many other sessions of the user were signed out. */
export const changePasswordReplySchema = z.object({ otherSessionsEnded: z.number().int() });
export type ChangePasswordReply = z.infer<typeof changePasswordReplySchema>;

/** The reply when the current password given to POST /me/password is not the user's. */
export const WRONG_CURRENT_PASSWORD_MESSAGE = 'The current password is not right.';

/** Single sign-on as advertised to the sign-in page. */
export const ssoConfigReplySchema = z.object({
  enabled: z.boolean(),
  label: z.string().nullable(),
});

/** The one message for every failed sign-in, so it never reveals whether an account exists. */
export const LOGIN_FAILED_MESSAGE =
  'The email or password is incorrect, or the account is disabled.';
