import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { CreateTemplateBody, UpdateTemplateBody } from '../../../shared/schemas/templates';
import { caseTemplateSchema } from '../../../shared/schemas/templates';
import { request } from '../http-client';
import { templateKeys, templatePath } from './keys';

/** POST /templates (admins): a taken name is a 409 on `name`. */
export function createTemplate(body: CreateTemplateBody) {
  return request('/templates', { method: 'POST', body, schema: caseTemplateSchema });
}

/** PATCH /templates/{id} (admins): steps are sent whole; a step sent with its id keeps it. */
export function updateTemplate(templateId: string, body: UpdateTemplateBody) {
  return request(templatePath(templateId), {
    method: 'PATCH',
    body,
    schema: caseTemplateSchema,
  });
}

/** Creates (without an id) or updates a template, then refreshes the list. */
export function useSaveTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string | null; body: CreateTemplateBody }) =>
      input.id ? updateTemplate(input.id, input.body) : createTemplate(input.body),
    onSuccess: () => client.invalidateQueries({ queryKey: templateKeys.all }),
  });
}
