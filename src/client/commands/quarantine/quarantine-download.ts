import { quarantineScreen } from '../../state/quarantine-screen';
import { defineCommand } from '../command';
import { quarantineScreenBlocked } from './quarantine-availability';

/** Downloads the quarantine shown as NDJSON, one record a line as it was read (audited). */
export const quarantineDownload = defineCommand({
  id: 'quarantine.download',
  title: 'Download Quarantine as NDJSON',
  category: 'Admin',
  keywords: ['quarantine', 'export', 'save', 'ndjson', 'json lines', 'records'],
  disabledReason: quarantineScreenBlocked,
  run: () => quarantineScreen()?.download(),
});
