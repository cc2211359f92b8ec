import { toast } from 'sonner';

import { toUrl } from '../../workspace/workspace-model';
import { workspace } from '../../workspace/workspace-controller';
import { defineCommand } from '../command';

/** Copies a link that reopens this view, including the split when there is one. */
export const linkCopy = defineCommand({
  id: 'link.copy',
  title: 'Copy Link to This View',
  category: 'Workspace',
  keywords: ['url', 'share', 'deep link'],
  run: async () => {
    const url = `${window.location.origin}${toUrl(workspace.state)}`;
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Link copied', { description: url });
    } catch {
      toast.message('Copy this link', { description: url });
    }
  },
});
