import { toast } from 'sonner';

import { setCollectionEnabled } from '../../api/integrations/set-collection-enabled';
import { defineCommand } from '../command';
import { collectionFailure } from './collection-failure';
import { collectionTarget, collectionUnavailable } from './collection-target';

/** Pause: the collector stops polling; its cursor is kept for Resume. */
export const collectionPause = defineCommand({
  id: 'collection.pause',
  title: 'Pause Collection',
  category: 'Admin',
  keywords: ['integration', 'collector', 'polling', 'stop', 'suspend'],
  disabledReason: collectionUnavailable,
  run: async (_args, c) => {
    try {
      await setCollectionEnabled(collectionTarget(c)!, false);
      toast.success('Collection paused');
    } catch (error) {
      collectionFailure('Could not change collection', error);
    }
  },
});
