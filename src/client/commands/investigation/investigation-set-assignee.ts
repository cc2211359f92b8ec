import { z } from 'zod';

import { queryClient } from '../../api/query-client';
import { userDirectoryQuery } from '../../api/users/user-directory';
import { defineCommand } from '../command';
import { applyUpdate } from './apply-update';
import { needsEditableInvestigation } from './current-investigation';

const args = z.object({ userId: z.string() });
const UNASSIGNED = '';

/** Assigns the current investigation to a user (or to nobody). */
export const investigationSetAssignee = defineCommand({
  id: 'investigation.setAssignee',
  title: 'Assign Investigation…',
  category: 'Investigation',
  keywords: ['owner'],
  disabledReason: needsEditableInvestigation,
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
      { id: 'none', label: 'Unassigned', args: { userId: UNASSIGNED } },
    ];
  },
  run: async (raw, c) => {
    const { userId } = args.parse(raw);
    await applyUpdate(
      c.investigationId!,
      { assigneeUserId: userId || null },
      userId ? 'Assignee changed' : 'Investigation unassigned',
    );
  },
});
