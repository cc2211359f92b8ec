import type { Permission } from '../../shared/permissions';

/** Which of the palette's server searches a role may run. */
export interface PaletteSources {
  cases: boolean;
  incidents: boolean;
  people: boolean;
  events: boolean;
  /** Saved hunting searches: for those who may hunt (every case and its evidence). */
  huntSearches: boolean;
}

/**
 * The searches the palette asks the server for, by the permissions their endpoints require: a
 * role that may not read them (a privacy officer) is never sent to collect 403s while typing.
 */
export function paletteSources(granted: ReadonlySet<Permission>): PaletteSources {
  return {
    cases: granted.has('investigations.read'),
    incidents: granted.has('investigations.read') && granted.has('evidence.read'),
    people: granted.has('employees.read'),
    events: granted.has('evidence.read'),
    huntSearches: granted.has('investigations.read_all') && granted.has('evidence.read'),
  };
}
