import type { z } from 'zod';

import type { userRefSchema } from '../../shared/schemas/common';

/** A Vigil user as shown beside what they did (a note's author, a history line's actor). */
export function presentUserRef(row: {
  id: string;
  email: string | null;
  display_name: string | null;
}): z.infer<typeof userRefSchema> {
  return { id: row.id, email: row.email ?? '', displayName: row.display_name ?? row.email ?? '' };
}
