import { openDialogAtom } from '../../state/dialogs';
import { appStore } from '../../state/store';
import { defineCommand } from '../command';

/** Starts connecting a log source: format, name, then its ingest token shown once. */
export const integrationConnect = defineCommand({
  id: 'integration.connect',
  title: 'Connect a Log Source…',
  category: 'Admin',
  keywords: ['integration', 'source', 'ingest', 'okta', 'upload', 'token'],
  disabledReason: (c) =>
    c.permissions.has('integrations.manage')
      ? null
      : 'Your role does not include connecting log sources.',
  run: () => appStore.set(openDialogAtom, { kind: 'connectSource' }),
});
