import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';

import { failingSentence, failingTooLong } from '../../../shared/collection-alarm';
import { buildPath } from '../../../shared/routes';
import { usePermissions } from '../../api/auth/me';
import { integrationsQuery } from '../../api/integrations/list-integrations';
import './dashboard.css';

/**
 * The collectors that have failed for more than 15 minutes, each linking to its integration's
 * settings, for those who can fix them (they manage integrations); nothing when all is well.
 */
export function FailingCollectorsNotice() {
  const allowed = usePermissions().has('integrations.manage');
  const integrations = useQuery({
    ...integrationsQuery(),
    enabled: allowed,
    refetchInterval: 60_000,
  });
  const now = integrations.dataUpdatedAt;
  const failing = (integrations.data?.integrations ?? []).flatMap((integration) => {
    const since = failingTooLong(integration.collection, now);
    return since === null || !integration.collection
      ? []
      : [{ integration, sentence: failingSentence(integration.collection, since, now) }];
  });
  if (!allowed || failing.length === 0) return null;
  return (
    <section className="alert error failing-collectors" aria-label="Failing collectors">
      <strong>
        {failing.length === 1
          ? 'A collector is failing: its events are not coming in.'
          : `${failing.length} collectors are failing: their events are not coming in.`}
      </strong>
      <ul>
        {failing.map(({ integration, sentence }) => (
          <li key={integration.id}>
            <Link to={buildPath('integrationSettings', { integrationId: integration.id })}>
              {integration.name}
            </Link>
            : {sentence}
          </li>
        ))}
      </ul>
    </section>
  );
}
