import { canSeeAlerts } from '../../../shared/permissions';
import { buildPath } from '../../../shared/routes';
import { workspace } from '../../workspace/workspace-controller';
import { defineCommand } from '../command';
import { routeDisabledReason } from '../navigation/route-access';

/** The employee directory riskiest first, with each person's score and level. */
export const employeeShowRisky = defineCommand({
  id: 'employee.showRisky',
  title: 'Risky People',
  category: 'People',
  keywords: ['risk', 'score', 'riskiest', 'employees', 'people', 'sort', 'watch'],
  disabledReason: (c) =>
    routeDisabledReason('employees', c) ??
    (canSeeAlerts(c.permissions)
      ? null
      : 'Risk scores are for roles that see every investigation and its evidence.'),
  run: (args) => {
    const newTab = Boolean((args as { newTab?: boolean } | undefined)?.newTab);
    workspace.navigate(buildPath('employees', {}, { sort: 'risk' }), { newTab });
  },
});
