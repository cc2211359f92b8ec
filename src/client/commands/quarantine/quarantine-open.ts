import { z } from 'zod';

import { matchPath } from '../../../shared/routes';
import { buildPath } from '../../../shared/routes';
import { COMMAND_LINE_QUARANTINE } from '../../../shared/schemas/quarantine';
import { integrationsQuery } from '../../api/integrations/list-integrations';
import { queryClient } from '../../api/query-client';
import { integrationInHand } from '../../state/integration-in-hand';
import { paletteOpenAtom, palettePagesAtom } from '../../state/palette';
import { appStore } from '../../state/store';
import { workspace } from '../../workspace/workspace-controller';
import { defineCommand } from '../command';
import type { CommandContext } from '../command';
import { quarantineRoleBlocked } from './quarantine-availability';

const args = z
  .object({ integrationId: z.string().min(1).optional() })
  .strict()
  .optional();

/** The integration the screen is about: the settings shown, or the list's cursor row. */
function integrationHere(context: CommandContext): string | null {
  const match = matchPath(context.location);
  if (match?.routeId === 'integrationSettings') return match.params.integrationId ?? null;
  if (match?.routeId === 'integrations') return integrationInHand();
  return null;
}

const TITLE = 'Open Quarantine…';

/**
 * Opens the quarantine of an integration (or of command-line batches): the records that could
 * not become events. From the palette it lists the integrations; `q` on the integrations list
 * or an integration's settings opens that one's.
 */
export const quarantineOpen = defineCommand({
  id: 'quarantine.open',
  title: TITLE,
  category: 'Admin',
  keywords: ['quarantine', 'quarantined', 'bad records', 'set aside', 'rejected', 'integration'],
  disabledReason: quarantineRoleBlocked,
  choices: async () => {
    const { integrations } = await queryClient.fetchQuery(integrationsQuery());
    return [
      ...integrations.map((integration) => ({
        id: integration.id,
        label: `Quarantine of ${integration.name}`,
        hint: integration.kindLabel,
        args: { integrationId: integration.id },
        keywords: [integration.kind, integration.kindLabel],
      })),
      {
        id: COMMAND_LINE_QUARANTINE,
        label: 'Quarantine of command-line batches',
        hint: 'npm run ingest without --integration',
        args: { integrationId: COMMAND_LINE_QUARANTINE },
        keywords: ['cli', 'command line', 'ingest'],
      },
    ];
  },
  run: (raw, context) => {
    const integrationId = args.parse(raw)?.integrationId ?? integrationHere(context);
    if (!integrationId) {
      // A key away from an integration: choose one, as from the palette.
      appStore.set(palettePagesAtom, [{ commandId: 'quarantine.open', title: 'Open Quarantine' }]);
      appStore.set(paletteOpenAtom, true);
      return;
    }
    workspace.navigate(buildPath('integrationQuarantine', { integrationId }));
  },
});
