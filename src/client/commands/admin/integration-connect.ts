import { openDialogAtom } from '../../state/dialogs';
import { appStore } from '../../state/store';
import { defineCommand } from '../command';

/** Starts connecting a log source: format, name, then its ingest token shown once. */
export const integrationConnect = defineCommand({
  id: 'integration.connect',
  disabledReason: (c) =>
    c.permissions.has('integrations.manage')
      ? null
      : 'Your role does not include connecting log sources.',
  run: () => appStore.set(openDialogAtom, { kind: 'connectSource' }),
});
