import type { Employee, FileItem, Organization } from './org-types';

type PerPersonCache<T> = WeakMap<Organization, Map<string, T>>;

/** `build(e)` once per organization and person, then the kept value. */
function perPerson<T>(cache: PerPersonCache<T>, org: Organization, e: Employee, build: () => T): T {
  let byId = cache.get(org);
  if (!byId) {
    byId = new Map();
    cache.set(org, byId);
  }
  let value = byId.get(e.id);
  if (value === undefined) {
    value = build();
    byId.set(e.id, value);
  }
  return value;
}

const colleagueCache: PerPersonCache<Employee[]> = new WeakMap();

/** Colleagues someone usually mails: their department and their manager. Cached per organization. */
export function usualColleagues(org: Organization, e: Employee): Employee[] {
  return perPerson(colleagueCache, org, e, () => {
    const same = org.employees.filter((c) => c.department === e.department && c.id !== e.id);
    const manager = e.managerId ? org.byId.get(e.managerId) : undefined;
    return manager && !same.includes(manager) ? [...same, manager] : same;
  });
}

const colleagueFileCache: PerPersonCache<FileItem[]> = new WeakMap();

/**
 * The first three files of each usual colleague, in their order: what someone may download
 * from a colleague in chat. Cached per organization like the colleagues: built afresh each
 * day it was a copy of every colleague's files, quadratic in a department's size (a
 * 10,000-person organization spent 92% of its Slack generation here).
 */
export function colleagueFiles(org: Organization, e: Employee): readonly FileItem[] {
  return perPerson(colleagueFileCache, org, e, () =>
    usualColleagues(org, e).flatMap((c) => c.files.slice(0, 3)),
  );
}
