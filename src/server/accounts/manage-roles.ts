import type { Kysely } from 'kysely';
import type { z } from 'zod';

import type { Permission } from '../../shared/permissions';
import { permissions as allPermissions } from '../../shared/permissions';
import type { createRoleBodySchema, Role, updateRoleBodySchema } from '../../shared/schemas/admin';
import { readJson, toJson } from '../db/dialect';
import {
  countRoleUsers,
  deleteRole,
  findRole,
  findRoleByName,
  insertRole,
  listRoles,
  updateRole,
} from '../db/queries/roles';
import type { Database, RoleRow } from '../db/schema';
import { invalid, conflict, notFound } from '../domain-error';
import { plural } from '../../shared/wording';

function present(row: RoleRow, userCount: number): Role {
  const known = new Set<string>(allPermissions);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    permissions: readJson<string[]>(row.permissions).filter((p): p is Permission => known.has(p)),
    builtIn: Boolean(row.built_in),
    userCount,
  };
}

export async function listAdminRoles(db: Kysely<Database>): Promise<Role[]> {
  return (await listRoles(db)).map((row) => present(row, Number(row.user_count)));
}

/** A role id from its name: lower-case words joined by hyphens. */
function slug(name: string): string {
  return (
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'role'
  );
}

export async function createRole(
  db: Kysely<Database>,
  body: z.output<typeof createRoleBodySchema>,
  now: number,
): Promise<Role> {
  if (await findRoleByName(db, body.name))
    throw conflict('A role with that name already exists.', 'name');
  let id = slug(body.name);
  for (let n = 2; await findRole(db, id); n++) id = `${slug(body.name)}-${n}`;
  const row: RoleRow = {
    id,
    name: body.name,
    description: body.description,
    permissions: toJson([...new Set(body.permissions)]),
    built_in: 0,
    created_at: now,
    updated_at: now,
  };
  await insertRole(db, row);
  return present(row, 0);
}

/** Edits a role. The Admin role keeps every permission so that nobody locks admins out. */
export async function changeRole(
  db: Kysely<Database>,
  id: string,
  body: z.output<typeof updateRoleBodySchema>,
  now: number,
): Promise<{ role: Role; changes: Record<string, { from: unknown; to: unknown }> }> {
  const row = await findRole(db, id);
  if (!row) throw notFound('There is no role with that id.');
  const before = present(row, 0);
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  const update: Partial<Pick<RoleRow, 'name' | 'description' | 'permissions'>> = {};
  if (body.name !== undefined && body.name !== row.name) {
    const other = await findRoleByName(db, body.name);
    if (other && other.id !== id) throw conflict('A role with that name already exists.', 'name');
    changes.name = { from: row.name, to: body.name };
    update.name = body.name;
  }
  if (body.description !== undefined && body.description !== row.description) {
    changes.description = { from: row.description, to: body.description };
    update.description = body.description;
  }
  if (body.permissions) {
    const next = [...new Set(body.permissions)].sort();
    if (id === 'admin' && next.length !== allPermissions.length) {
      throw invalid('The Admin role always has every permission.');
    }
    if (next.join() !== [...before.permissions].sort().join()) {
      changes.permissions = { from: before.permissions, to: next };
      update.permissions = toJson(next);
    }
  }
  if (Object.keys(update).length > 0) await updateRole(db, id, update, now);
  const updated = (await findRole(db, id))!;
  return { role: present(updated, await countRoleUsers(db, id)), changes };
}

/** Deletes a custom role that nobody holds. */
export async function removeRole(db: Kysely<Database>, id: string): Promise<RoleRow> {
  const row = await findRole(db, id);
  if (!row) throw notFound('There is no role with that id.');
  if (row.built_in)
    throw invalid(`"${row.name}" is a built-in role; built-in roles cannot be deleted.`);
  const holders = await countRoleUsers(db, id);
  if (holders > 0) {
    throw conflict(
      `"${row.name}" is held by ${plural(holders, 'user')}: take it away from them first.`,
    );
  }
  await deleteRole(db, id);
  return row;
}
