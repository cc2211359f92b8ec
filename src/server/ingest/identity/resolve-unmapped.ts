import type { DatabaseHandle } from '../../db/database';
import { getConfiguration } from '../../db/queries/configuration';
import { listEmployeeIdentities } from '../../db/queries/identities';
import {
  assignUnmappedActor,
  listDeviceOwners,
  listUnmappedActors,
  queueSubjects,
} from '../../db/queries/identity-mapping';
import { queueEmployeesForDetection } from '../../db/queries/detection-queue';
import { IdentityDirectory } from '../pipeline/identity-directory';

/** What one pass of re-resolution changed. */
export interface ResolutionOutcome {
  /** Events that now belong to an employee. */
  events: number;
  /** Employees who got them. */
  employees: number;
}

/**
 * Resolves again the events that joined nobody: builds the directory as it is now (employees
 * and their aliases, NetBIOS names, device owners) and gives each unmapped actor's events to the
 * employee it names, if any, in one transaction; the open cases of those employees are queued
 * for a new analysis. Events whose actor still names nobody stay unmapped.
 */
export async function resolveUnmappedEvents(handle: DatabaseHandle): Promise<ResolutionOutcome> {
  const { db } = handle;
  const [configuration, identities, deviceOwners] = await Promise.all([
    getConfiguration(db),
    listEmployeeIdentities(db),
    listDeviceOwners(db),
  ]);
  const directory = new IdentityDirectory(identities, configuration.companyDomains, {
    netbiosDomains: configuration.netbiosDomains,
    deviceOwners,
  });
  const actors = await listUnmappedActors(db);
  const matches = actors.flatMap((actor) => {
    const employeeId = directory.employeeIdFor({
      actorEmail: actor.actorEmail,
      actorId: actor.actorId,
      device: { name: actor.deviceName },
    });
    return employeeId === null ? [] : [{ actor, employeeId }];
  });
  if (matches.length === 0) return { events: 0, employees: 0 };
  return db.transaction().execute(async (trx) => {
    const employees = new Set<string>();
    let events = 0;
    for (const { actor, employeeId } of matches) {
      const changed = await assignUnmappedActor(trx, actor, employeeId);
      if (changed > 0) employees.add(employeeId);
      events += changed;
    }
    await queueSubjects(trx, [...employees], Date.now());
    await queueEmployeesForDetection(trx, [...employees], Date.now());
    return { events, employees: employees.size };
  });
}
