import { request } from '../http-client';
import { templatePath } from './keys';

/**
 * DELETE /templates/{id} (admins). A shipped template answers 409 with the sentence saying it
 * can be edited, not deleted. Cases opened from the template keep their checklist.
 */
export async function deleteTemplate(templateId: string): Promise<void> {
  await request(templatePath(templateId), { method: 'DELETE' });
}
