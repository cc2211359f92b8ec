import { z } from 'zod';

import { permissions } from '../permissions';
import { epochMs, idParam } from './common';

const email = z
  .string()
  .trim()
  .toLowerCase()
  .max(320)
  .pipe(z.email('Enter a valid email address.'));
const displayName = z
  .string()
  .trim()
  .min(1, 'Enter a name.')
  .max(200, 'The name is longer than 200 characters.');
/** Passwords: long enough to resist guessing, bounded so hashing cannot be abused. */
export const passwordSchema = z
  .string()
  .min(12, 'The password must have at least 12 characters.')
  .max(256, 'The password is longer than 256 characters.');

export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string(),
  roles: z.array(z.string()),
  disabled: z.boolean(),
  createdAt: epochMs,
  lastLoginAt: epochMs.nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const listUsersReplySchema = z.object({ users: z.array(adminUserSchema) });

/** Without a password, a temporary one is generated and returned once. */
export const createUserBodySchema = z.strictObject({
  email,
  displayName,
  roles: z.array(idParam).min(1, 'Give the user at least one role.').max(20),
  password: passwordSchema.optional(),
});
export type CreateUserBody = z.input<typeof createUserBodySchema>;

export const createUserReplySchema = z.object({
  user: adminUserSchema,
  temporaryPassword: z.string().nullable(),
});

export const updateUserBodySchema = z
  .strictObject({
    displayName: displayName.optional(),
    roles: z.array(idParam).min(1, 'Give the user at least one role.').max(20).optional(),
    disabled: z.boolean().optional(),
  })
  .refine((value) => Object.keys(value).length > 0, {
    message: 'The update changes nothing: send at least one field.',
  });
export type UpdateUserBody = z.input<typeof updateUserBodySchema>;

export const resetPasswordBodySchema = z.strictObject({ password: passwordSchema.optional() });
export const resetPasswordReplySchema = z.object({ temporaryPassword: z.string().nullable() });

export const roleSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  permissions: z.array(z.enum(permissions)),
  builtIn: z.boolean(),
  userCount: z.number().int(),
});
export type Role = z.infer<typeof roleSchema>;

export const listRolesReplySchema = z.object({ roles: z.array(roleSchema) });

const roleName = z
  .string()
  .trim()
  .min(1, 'Give the role a name.')
  .max(100, 'The role name is longer than 100 characters.');

export const createRoleBodySchema = z.strictObject({
  name: roleName,
  description: z.string().max(1000).default(''),
  permissions: z.array(z.enum(permissions)).max(permissions.length),
});
export type CreateRoleBody = z.input<typeof createRoleBodySchema>;

export const updateRoleBodySchema = z
  .strictObject({
    name: roleName.optional(),
    description: z.string().max(1000).optional(),
    permissions: z.array(z.enum(permissions)).max(permissions.length).optional(),
  })
  .refine((value) => Object.keys(value).length > 0, {
    message: 'The update changes nothing: send at least one field.',
  });
export type UpdateRoleBody = z.input<typeof updateRoleBodySchema>;
