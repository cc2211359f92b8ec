import { z } from 'zod';

import { buildPath } from '../../../shared/routes';
import { openDialogAtom } from '../../state/dialogs';
import { appStore } from '../../state/store';
import { workspace } from '../../workspace/workspace-controller';
import { defineCommand } from '../command';
import type { CommandChoice } from '../command';
import { cannotCreateInvestigation } from '../investigation/cannot-create-investigation';
import { huntTarget } from './hunt-target';

const args = z.object({ show: z.enum(['timeline', 'alerts', 'case']) }).strict();

/** The person of the event the hunt commands act on (opened, else under the grid's cursor). */
function eventPerson() {
  return huntTarget()?.event()?.person ?? null;
}

/**
 * `shift+p` on the Hunt screen: the person of the event (opened, or under the grid's cursor),
 * named by the one presenter: their timeline (every event of theirs, newest first, as a hunt
 * on their pseudonym), their alerts, or a new case about them. The opened event's buttons run
 * the same choices.
 */
export const huntPerson = defineCommand({
  id: 'hunt.person',
  title: 'Person of This Event…',
  category: 'Hunt',
  keywords: ['person', 'timeline', 'alerts', 'case', 'investigation', 'subject', 'employee'],
  disabledReason: () => {
    const target = huntTarget();
    if (!target) return 'Open Hunt first (g h).';
    const event = target.event();
    if (!event) return 'Move to an event first (Tab to the results, then j/k), or open one.';
    return event.person ? null : 'This event is about no one.';
  },
  choices: (context): CommandChoice[] => {
    const person = eventPerson();
    if (!person) return [];
    const refused = cannotCreateInvestigation(context);
    return [
      {
        id: 'timeline',
        label: `Timeline of ${person.fullName}`,
        hint: 'Every event of theirs, newest first, as a hunt',
        args: { show: 'timeline' },
      },
      {
        id: 'alerts',
        label: `Alerts about ${person.fullName}`,
        hint: 'The alert queue, about them only',
        args: { show: 'alerts' },
      },
      {
        id: 'case',
        label: `Open a case about ${person.fullName}…`,
        hint: 'A new investigation with this person as its subject',
        args: { show: 'case' },
        ...(refused ? { disabledReason: refused } : {}),
      },
    ];
  },
  run: (raw, context) => {
    const target = huntTarget();
    const person = eventPerson();
    const parsed = args.safeParse(raw);
    if (!target || !person || !parsed.success) return;
    switch (parsed.data.show) {
      case 'timeline':
        target.pivot('person', person.pseudonym, 'only');
        return;
      case 'alerts':
        workspace.navigate(buildPath('alerts', {}, { employeeId: person.id }));
        return;
      case 'case': {
        const refused = cannotCreateInvestigation(context);
        if (refused) throw new Error(refused);
        appStore.set(openDialogAtom, { kind: 'createInvestigation', subjectEmployeeId: person.id });
      }
    }
  },
});
