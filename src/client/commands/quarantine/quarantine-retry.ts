import { quarantineScreen } from '../../state/quarantine-screen';
import { defineCommand } from '../command';
import { quarantineScreenBlocked } from './quarantine-availability';

/** "Try again": re-reads the quarantine through the pipeline with today's settings and parsers. */
export const quarantineRetry = defineCommand({
  id: 'quarantine.retry',
  title: 'Try Quarantined Records Again',
  category: 'Admin',
  keywords: ['quarantine', 'retry', 'again', 'reprocess', 're-read', 'ingest'],
  disabledReason: (context) =>
    quarantineScreenBlocked(context) ??
    (quarantineScreen()?.retrying() ? 'A retry of this quarantine is running.' : null),
  run: () => quarantineScreen()?.retry(),
});
