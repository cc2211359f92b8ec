import type { FastifyInstance } from 'fastify';

import type { Investigation } from '../../../shared/schemas/investigations';
import { caseContactAddresses } from '../../db/queries/identity-reveals';

/** Addresses read per case when listing counterparts: the busiest, which covers anyone real. */
const ADDRESS_LIMIT = 5000;

/** Someone a case may reveal: its subject, or a person the subject wrote to or shared with. */
export interface RevealablePerson {
  employeeId: string;
  role: 'subject' | 'counterpart';
  /** Messages and shares to them in the case's window (0 for the subject). */
  contacts: number;
}

/**
 * Who may be revealed in a case: the subject first, then the employees who appear in the
 * subject's events in the window as recipients or share targets, busiest first. Addresses are
 * matched to people through the identity directory (their address or an alias).
 */
export async function revealablePeople(
  app: FastifyInstance,
  investigation: Investigation,
): Promise<RevealablePerson[]> {
  const subjectId = investigation.subject.id;
  const [directory, addresses] = await Promise.all([
    app.identityDirectory(),
    caseContactAddresses(
      app.db,
      app.database.dialect,
      subjectId,
      { from: investigation.windowStart, to: investigation.windowEnd },
      ADDRESS_LIMIT,
    ),
  ]);
  const contacts = new Map<string, number>();
  for (const { address, n } of addresses) {
    const id = directory.emails.get(address);
    if (id && id !== subjectId) contacts.set(id, (contacts.get(id) ?? 0) + n);
  }
  return [
    { employeeId: subjectId, role: 'subject' as const, contacts: 0 },
    ...[...contacts]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .map(([employeeId, n]) => ({ employeeId, role: 'counterpart' as const, contacts: n })),
  ];
}
