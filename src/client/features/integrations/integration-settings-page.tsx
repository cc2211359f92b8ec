import { useState } from 'react';
import { useParams } from 'react-router-dom';

import { runCommand } from '../../commands/run-command';
import { useKeyLabel } from '../../keymap/key-hint';

import { useIntegration } from '../../api/integrations/get-integration';
import { HttpError } from '../../api/http-error';
import { EmptyState } from '../../components/empty-state';
import { formatNumber, formatRelative } from '../../components/format';
import { PageHeader } from '../../components/page-header';
import { CollectionCard } from './collection-card';
import { DeleteIntegrationDialog } from './delete-integration-dialog';
import { integrationError } from './integration-errors';
import { PushEndpointCard } from './push-endpoint-card';
import { RunsCard } from './runs-card';
import { SettingsForm } from './settings-form';
import { SyncStateBadge } from './sync-state-badge';
import { UploadCard } from './upload-card';
import './integrations.css';

/** Settings of one integration: edit, push endpoint and token, collection, upload, recent runs. */
export default function IntegrationSettingsPage() {
  const { integrationId = '' } = useParams<{ integrationId: string }>();
  const query = useIntegration(integrationId);
  const [deleting, setDeleting] = useState(false);
  const quarantineKey = useKeyLabel('quarantine.open', {});
  const integration = query.data;

  if (query.error) {
    const missing = query.error instanceof HttpError && query.error.status === 404;
    return (
      <div className="page">
        <EmptyState
          title={missing ? 'There is no such integration' : 'The integration could not be loaded'}
        >
          {missing ? `No integration has the id ${integrationId}.` : integrationError(query.error)}
        </EmptyState>
      </div>
    );
  }
  if (!integration) return <div className="page muted">Loading…</div>;
  return (
    <div className="page">
      <PageHeader
        title={integration.name}
        subtitle={
          <span className="counts">
            <span>{integration.kindLabel}</span>
            <SyncStateBadge state={integration.state} />
            <span>{formatNumber(integration.eventCount)} events</span>
            <span>last sync {formatRelative(integration.lastSyncAt)}</span>
          </span>
        }
        actions={
          <>
            <button
              type="button"
              className="button"
              onClick={() => void runCommand('quarantine.open', {}, 'button')}
            >
              Quarantine{quarantineKey ? <kbd aria-hidden="true">{quarantineKey}</kbd> : null}
            </button>
            <button type="button" className="button danger" onClick={() => setDeleting(true)}>
              Delete…
            </button>
          </>
        }
      />
      <div className="grid-2">
        <section className="card" aria-labelledby="settings-heading">
          <header>
            <h2 id="settings-heading">Settings</h2>
          </header>
          <div className="card-body">
            <SettingsForm key={integration.updatedAt} integration={integration} />
          </div>
        </section>
        <PushEndpointCard integration={integration} />
      </div>
      <CollectionCard integration={integration} />
      <UploadCard integration={integration} />
      <RunsCard integrationId={integration.id} />
      {deleting ? (
        <DeleteIntegrationDialog integration={integration} onClose={() => setDeleting(false)} />
      ) : null}
    </div>
  );
}
