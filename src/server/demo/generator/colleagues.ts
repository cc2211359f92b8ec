import type { Employee, FileItem, Organization } from './org-types';

const colleagueCache = new WeakMap<Organization, Map<string, Employee[]>>();

/** Colleagues someone usually mails: their department and their manager. Cached per organization. */
export function usualColleagues(org: Organization, e: Employee): Employee[] {
  let byId = colleagueCache.get(org);
  if (!byId) {
    byId = new Map();
    colleagueCache.set(org, byId);
  }
  let list = byId.get(e.id);
  if (!list) {
    const same = org.employees.filter((c) => c.department === e.department && c.id !== e.id);
    const manager = e.managerId ? org.byId.get(e.managerId) : undefined;
    list = manager && !same.includes(manager) ? [...same, manager] : same;
    byId.set(e.id, list);
  }
  return list;
}

const colleagueFileCache = new WeakMap<Organization, Map<string, FileItem[]>>();

/**
 * The first three files of each usual colleague, in their order: what someone may download
 * from a colleague in chat. Cached per organization like the colleagues: built afresh each
 * day it was a copy of every colleague's files, quadratic in a department's size (a
 * 10,000-person organization spent 92% of its Slack generation here).
 */
export function colleagueFiles(org: Organization, e: Employee): readonly FileItem[] {
  let byId = colleagueFileCache.get(org);
  if (!byId) {
    byId = new Map();
    colleagueFileCache.set(org, byId);
  }
  let list = byId.get(e.id);
  if (!list) {
    list = usualColleagues(org, e).flatMap((c) => c.files.slice(0, 3));
    byId.set(e.id, list);
  }
  return list;
}
