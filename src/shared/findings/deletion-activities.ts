/**
 * What the deletions page counts, and so what its drill-downs list: the server's figures and
 * the client's event filters read this one list.
 */
export const DELETION_KINDS = {
  file_delete: 'files',
  email_delete: 'mail',
  chat_delete: 'messages',
} as const satisfies Record<string, 'files' | 'mail' | 'messages'>;

/** The deletion activities, as the events endpoint's `activity` takes several: comma-separated. */
export const DELETION_ACTIVITIES = Object.keys(DELETION_KINDS).join(',');
