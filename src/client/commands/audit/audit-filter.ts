import { defineCommand } from '../command';
import { activeAuditScreen, auditCommandBlocked } from './audit-screen';

/** Moves the keys to the audit log's filters (user, person, case, action, time). */
export const auditFilter = defineCommand({
  id: 'audit.filter',
  title: 'Filter the Audit Log',
  category: 'Admin',
  keywords: ['audit', 'user', 'person', 'case', 'action', 'narrow'],
  disabledReason: (context) => auditCommandBlocked(context.permissions),
  run: () => activeAuditScreen()?.openFilters(),
});
