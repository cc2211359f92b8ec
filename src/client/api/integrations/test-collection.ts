import { collectionTestReplySchema } from '../../../shared/schemas/collection';
import { request } from '../http-client';

/** POST /integrations/{id}/collection/test: one request to the vendor, `{ ok, message }`. */
export function testCollection(id: string) {
  return request(`/integrations/${encodeURIComponent(id)}/collection/test`, {
    method: 'POST',
    body: {},
    schema: collectionTestReplySchema,
  });
}
