import { collectionRunReplySchema } from '../../../shared/schemas/collection';
import { queryClient } from '../query-client';
import { request } from '../http-client';
import { integrationKeys } from './keys';

/** POST /integrations/{id}/collection/run: poll now (202). */
export async function runCollection(id: string) {
  const reply = await request(`/integrations/${encodeURIComponent(id)}/collection/run`, {
    method: 'POST',
    body: {},
    schema: collectionRunReplySchema,
  });
  void queryClient.invalidateQueries({ queryKey: integrationKeys.collection(id) });
  return reply;
}
