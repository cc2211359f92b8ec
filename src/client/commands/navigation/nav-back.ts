import { workspace } from '../../workspace/workspace-controller';
import { defineCommand } from '../command';

/** Goes back in the focused tab's history. */
export const navBack = defineCommand({ id: 'nav.back', run: () => workspace.back() });
