import { useMutation } from '@tanstack/react-query';

import type { CollectionBody } from '../../../shared/schemas/collection';
import { collectionReplySchema } from '../../../shared/schemas/collection';
import { queryClient } from '../query-client';
import { request } from '../http-client';
import { integrationKeys } from './keys';

/** PUT /integrations/{id}/collection: a secret left out keeps the stored one. */
export async function saveCollection(id: string, body: CollectionBody) {
  const reply = await request(`/integrations/${encodeURIComponent(id)}/collection`, {
    method: 'PUT',
    body,
    schema: collectionReplySchema,
  });
  queryClient.setQueryData(integrationKeys.collection(id), reply);
  return reply;
}

export function useSaveCollection() {
  return useMutation({
    mutationFn: (v: { id: string; body: CollectionBody }) => saveCollection(v.id, v.body),
  });
}
