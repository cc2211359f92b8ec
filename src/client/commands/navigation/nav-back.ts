import { workspace } from '../../workspace/workspace-controller';
import { defineCommand } from '../command';

/** Goes back in the focused tab's history. */
export const navBack = defineCommand({
  id: 'nav.back',
  title: 'Go Back',
  category: 'Navigation',
  keywords: ['history', 'previous'],
  run: () => workspace.back(),
});
