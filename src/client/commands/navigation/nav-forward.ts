import { workspace } from '../../workspace/workspace-controller';
import { defineCommand } from '../command';

/** Goes forward in the focused tab's history. */
export const navForward = defineCommand({ id: 'nav.forward', run: () => workspace.forward() });
