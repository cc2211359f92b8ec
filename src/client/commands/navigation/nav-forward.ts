import { workspace } from '../../workspace/workspace-controller';
import { defineCommand } from '../command';

/** Goes forward in the focused tab's history. */
export const navForward = defineCommand({
  id: 'nav.forward',
  title: 'Go Forward',
  category: 'Navigation',
  keywords: ['history', 'next'],
  run: () => workspace.forward(),
});
