import { z } from 'zod';

import { statusLabels } from '../../../shared/investigation-model';
import { fetchInvestigations } from '../../api/investigations/list-investigations';
import { openDialogAtom } from '../../state/dialogs';
import { appStore } from '../../state/store';
import { defineCommand } from '../command';
import type { CommandChoice } from '../command';
import { cannotCreateInvestigation } from '../investigation/cannot-create-investigation';
import { huntTarget } from './hunt-target';

const args = z.union([
  z.object({ investigationId: z.string().min(1) }).strict(),
  z.object({ newCase: z.literal(true) }).strict(),
]);

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * `p` on the Hunt screen: pins the opened event (or the one under the grid's cursor) to a case
 * about its person that the user may change, through the one pin dialog (the server captures
 * and hashes it). The palette lists the cases about that person; a closed case, or one whose
 * window does not hold the event, is listed with the reason it cannot take it. With no case
 * yet, the last choice opens one about the person.
 */
export const huntPinEvent = defineCommand({
  id: 'hunt.pinEvent',
  title: 'Pin Event to a Case…',
  category: 'Hunt',
  keywords: ['pin', 'evidence', 'case', 'investigation', 'keep'],
  disabledReason: (c) => {
    if (!c.permissions.has('evidence.write')) return 'Your role does not allow pinning evidence.';
    const target = huntTarget();
    if (!target) return 'Open Hunt first (g h).';
    const event = target.event();
    if (!event) return 'Move to an event first (Tab to the results, then j/k), or open one.';
    if (!event.person) return 'This event is about no one, so no case can hold it.';
    return null;
  },
  choices: async (context): Promise<CommandChoice[]> => {
    const event = huntTarget()?.event();
    const person = event?.person;
    if (!event || !person) return [];
    const reply = await fetchInvestigations({ subject: person.id, limit: 50, sort: '-updatedAt' });
    const cases = reply.investigations.map((item): CommandChoice => {
      const outside = event.time < item.windowStart || event.time >= item.windowEnd;
      return {
        id: item.id,
        label: item.title,
        hint: `${statusLabels[item.status]} · window ${day(item.windowStart)} to ${day(item.windowEnd)}`,
        args: { investigationId: item.id },
        keywords: [item.id],
        ...(item.status === 'closed'
          ? { disabledReason: 'This case is closed: its record no longer changes.' }
          : outside
            ? { disabledReason: "The event falls outside this case's window." }
            : {}),
      };
    });
    return [
      ...cases,
      {
        id: 'new-case',
        label: `Open a case about ${person.fullName}…`,
        hint: 'A new investigation with this person as its subject; pin the event from it.',
        args: { newCase: true },
        keywords: ['new', 'create', 'investigation'],
        ...(cannotCreateInvestigation(context)
          ? { disabledReason: cannotCreateInvestigation(context)! }
          : {}),
      },
    ];
  },
  run: (raw, context) => {
    const target = huntTarget();
    const event = target?.event();
    const parsed = args.safeParse(raw);
    if (!target || !event?.person || !parsed.success) return;
    if ('newCase' in parsed.data) {
      const refused = cannotCreateInvestigation(context);
      if (refused) throw new Error(refused);
      appStore.set(openDialogAtom, {
        kind: 'createInvestigation',
        subjectEmployeeId: event.person.id,
      });
      return;
    }
    target.pin(parsed.data.investigationId, event);
  },
});
