/**
 * Query keys of case templates: everything starts with ['templates'], so one invalidation after
 * a change refreshes the list.
 */
export const templateKeys = {
  all: ['templates'] as const,
  list: () => ['templates', 'list'] as const,
};

/** The path of one template's endpoint; refuses an empty id, which would name the whole list. */
export function templatePath(templateId: string): string {
  if (!templateId) throw new Error('templateId is required');
  return `/templates/${encodeURIComponent(templateId)}`;
}
