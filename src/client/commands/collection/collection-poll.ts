import { toast } from 'sonner';

import { runCollection } from '../../api/integrations/run-collection';
import { defineCommand } from '../command';
import { collectionFailure } from './collection-failure';
import { collectionTarget, collectionUnavailable } from './collection-target';

/** Poll now: the collector reads the vendor at once (its waits still hold). */
export const collectionPoll = defineCommand({
  id: 'collection.pollNow',
  title: 'Poll Integration Now',
  category: 'Admin',
  keywords: ['integration', 'collector', 'collect', 'fetch', 'sync', 'okta', 'run'],
  disabledReason: collectionUnavailable,
  run: async (_args, c) => {
    try {
      const reply = await runCollection(collectionTarget(c)!);
      toast.success(reply.message);
    } catch (error) {
      collectionFailure('Could not poll', error);
    }
  },
});
