import { toast } from 'sonner';

import type { UpdateInvestigationBody } from '../../../shared/schemas/investigations';
import { investigationKeys } from '../../api/investigations/keys';
import { updateInvestigation } from '../../api/investigations/update-investigation';
import { queryClient } from '../../api/query-client';
import { HttpError } from '../../api/http-error';

/** PATCHes the investigation and refreshes what shows it; failures toast the brief's message. */
export async function applyUpdate(
  id: string,
  body: UpdateInvestigationBody,
  success: string,
): Promise<void> {
  try {
    const updated = await updateInvestigation(id, body);
    queryClient.setQueryData(investigationKeys.detail(id), updated);
    void queryClient.invalidateQueries({ queryKey: investigationKeys.all });
    toast.success(success);
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof HttpError ? error.cause : null;
    toast.error(
      error instanceof Error ? error.message : String(error),
      cause?.serverMessage ? { description: cause.serverMessage } : undefined,
    );
  }
}
