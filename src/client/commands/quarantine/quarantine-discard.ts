import { quarantineScreen } from '../../state/quarantine-screen';
import { defineCommand } from '../command';
import { quarantineScreenBlocked } from './quarantine-availability';

/** Discards the quarantined record under the cursor, after asking why (the audit log keeps it). */
export const quarantineDiscard = defineCommand({
  id: 'quarantine.discard',
  title: 'Discard Quarantined Record…',
  category: 'Admin',
  keywords: ['quarantine', 'delete', 'remove', 'drop', 'record'],
  disabledReason: (context) =>
    quarantineScreenBlocked(context) ??
    (quarantineScreen()?.record() ? null : 'Move to a record first (j/k).'),
  run: () => quarantineScreen()?.discard(),
});
