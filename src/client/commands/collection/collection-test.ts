import { toast } from 'sonner';

import { testCollection } from '../../api/integrations/test-collection';
import { defineCommand } from '../command';
import { collectionTarget, collectionUnavailable } from './collection-target';
import { collectionFailure } from './collection-failure';

/** Test connection: one request to the vendor with the saved credentials; nothing is stored. */
export const collectionTest = defineCommand({
  id: 'collection.test',
  title: 'Test Collector Connection',
  category: 'Admin',
  keywords: ['integration', 'collector', 'credentials', 'token', 'okta', 'check'],
  disabledReason: collectionUnavailable,
  run: async (_args, c) => {
    try {
      const result = await testCollection(collectionTarget(c)!);
      if (result.ok) toast.success('Connection works', { description: result.message });
      else toast.error('Connection failed', { description: result.message });
    } catch (error) {
      collectionFailure('The connection could not be tested', error);
    }
  },
});
