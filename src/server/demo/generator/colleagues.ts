import type { Employee, Organization } from './org-types';

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
