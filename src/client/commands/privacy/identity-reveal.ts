import { z } from 'zod';

import { CLOSED_CASE_REVEAL_MESSAGE } from '../../../shared/investigation-model';
import { revealPeopleQuery } from '../../api/privacy/case-reveals';
import { queryClient } from '../../api/query-client';
import { openDialogAtom } from '../../state/dialogs';
import { appStore } from '../../state/store';
import { defineCommand } from '../command';
import type { CommandContext } from '../command';
import { currentInvestigation } from '../investigation/current-investigation';

const args = z
  .object({ employeeId: z.string().min(1).optional() })
  .strict()
  .optional();

function blocked(context: CommandContext): string | null {
  if (!context.investigationId) return 'Open an investigation first.';
  if (!context.permissions.has('identity.reveal'))
    return 'Your role does not allow asking to reveal who a person is.';
  if (currentInvestigation(context)?.status === 'closed') return CLOSED_CASE_REVEAL_MESSAGE;
  return null;
}

/**
 * Asks to reveal who a pseudonymized person of the current case is, with a purpose. From the
 * palette it first lists the people (the subject, then the counterparts of its events); the
 * key (i d) opens the dialog on the subject.
 */
export const identityReveal = defineCommand({
  id: 'identity.reveal',
  title: 'Reveal Identity…',
  category: 'People',
  keywords: ['reveal', 'identity', 'pseudonym', 'name', 'who', 'privacy', 'unmask'],
  disabledReason: blocked,
  choices: async (context) => {
    const { people } = await queryClient.fetchQuery(revealPeopleQuery(context.investigationId!));
    return people.map((person) => ({
      id: person.employee.id,
      label: person.employee.fullName,
      hint:
        person.role === 'subject'
          ? 'Subject'
          : `Counterpart, ${person.contacts} message${person.contacts === 1 ? '' : 's'} or shares`,
      args: { employeeId: person.employee.id },
      keywords: [person.employee.pseudonym, person.employee.department ?? ''],
    }));
  },
  run: (raw, context) => {
    const { employeeId } = args.parse(raw) ?? {};
    appStore.set(openDialogAtom, {
      kind: 'revealIdentity',
      investigationId: context.investigationId!,
      ...(employeeId ? { employeeId } : {}),
    });
  },
});
