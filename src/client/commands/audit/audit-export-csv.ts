import { defineCommand } from '../command';
import { activeAuditScreen, auditCommandBlocked } from './audit-screen';

/** Downloads the audit log as filtered on screen, every entry of it, as CSV (audited). */
export const auditExportCsv = defineCommand({
  id: 'audit.exportCsv',
  title: 'Export Audit CSV',
  category: 'Admin',
  keywords: ['audit', 'log', 'download', 'spreadsheet', 'csv', 'export'],
  disabledReason: (context) => auditCommandBlocked(context.permissions),
  run: () => activeAuditScreen()?.exportCsv(),
});
