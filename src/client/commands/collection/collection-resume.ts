import { toast } from 'sonner';

import { setCollectionEnabled } from '../../api/integrations/set-collection-enabled';
import { defineCommand } from '../command';
import { collectionFailure } from './collection-failure';
import { collectionTarget, collectionUnavailable } from './collection-target';

/** Resume: the collector polls again from where it stopped. */
export const collectionResume = defineCommand({
  id: 'collection.resume',
  title: 'Resume Collection',
  category: 'Admin',
  keywords: ['integration', 'collector', 'polling', 'start', 'continue', 'enable'],
  disabledReason: collectionUnavailable,
  run: async (_args, c) => {
    try {
      await setCollectionEnabled(collectionTarget(c)!, true);
      toast.success('Collection resumed');
    } catch (error) {
      collectionFailure('Could not change collection', error);
    }
  },
});
