import { z } from 'zod';

import { alertTarget } from '../../state/alert-target';
import { queryClient } from '../../api/query-client';
import { userDirectoryQuery } from '../../api/users/user-directory';
import { defineCommand } from '../command';
import { alertCommandBlocked } from './alert-availability';

const args = z.object({ userId: z.string() });
const UNASSIGNED = '';

/**
 * Assigns the alert in hand, or the selected ones, to a user chosen on the palette's next page
 * (type to filter, Enter picks): the signed-in user first, Unassigned last.
 */
export const alertAssign = defineCommand({
  id: 'alert.assign',
  title: 'Assign Alerts…',
  category: 'Alert',
  keywords: ['owner', 'assignee', 'give', 'triage'],
  disabledReason: (c) => alertCommandBlocked('assign', c),
  choices: async (c) => {
    const { users } = await queryClient.fetchQuery(userDirectoryQuery());
    const me = c.me?.user.id;
    const people = users.map((user) => ({
      id: user.id,
      label: user.id === me ? `${user.displayName} (me)` : user.displayName,
      hint: user.email,
      args: { userId: user.id },
      keywords: [user.email],
    }));
    return [
      ...people.filter((p) => p.id === me),
      ...people.filter((p) => p.id !== me),
      { id: 'none', label: 'Unassigned', hint: 'Nobody', args: { userId: UNASSIGNED } },
    ];
  },
  run: (raw) => {
    const { userId } = args.parse(raw);
    alertTarget()?.assign(userId === UNASSIGNED ? null : userId);
  },
});
