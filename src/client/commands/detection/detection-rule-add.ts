import { buildPath } from '../../../shared/routes';
import { openDialogAtom } from '../../state/dialogs';
import { appStore } from '../../state/store';
import { workspace } from '../../workspace/workspace-controller';
import { defineCommand } from '../command';
import { CANNOT_CHANGE_RULES } from './rule-availability';

/**
 * Adds a rule written in Vigil's JSON or in Sigma: on the Detection rules screen, where the new
 * rule shows once added, with the dialog that pastes, uploads and tests it.
 */
export const detectionRuleAdd = defineCommand({
  id: 'detectionRule.add',
  title: 'Add Detection Rule…',
  category: 'Admin',
  keywords: ['new', 'create', 'sigma', 'yaml', 'json', 'upload', 'detection', 'rule', 'alert'],
  disabledReason: (c) => (c.permissions.has('configuration.manage') ? null : CANNOT_CHANGE_RULES),
  run: (_args, context) => {
    const list = buildPath('detectionRules', {});
    if (!context.location.startsWith(list)) workspace.navigate(list);
    appStore.set(openDialogAtom, { kind: 'addDetectionRule' });
  },
});
