import { useState } from 'react';

import type { Integration } from '../../../shared/schemas/integrations';
import { useDeleteIntegration } from '../../api/integrations/delete-integration';
import { Dialog } from '../../components/dialog';
import { workspace } from '../../workspace/workspace-controller';
import { integrationError } from './integration-errors';

/** Deletes an integration after a confirmation; its events stay in Vigil. */
export function DeleteIntegrationDialog(props: { integration: Integration; onClose: () => void }) {
  const remove = useDeleteIntegration();
  const [error, setError] = useState<string | null>(null);
  const confirm = () =>
    remove.mutate(props.integration.id, {
      onSuccess: () => {
        props.onClose();
        workspace.navigate('/app/integrations/');
      },
      onError: (caught) => setError(integrationError(caught)),
    });
  return (
    <Dialog
      title={`Delete ${props.integration.name}?`}
      onClose={props.onClose}
      footer={
        <>
          <button type="button" className="button" onClick={props.onClose}>
            Cancel
          </button>
          <button
            type="button"
            className="button danger"
            onClick={confirm}
            disabled={remove.isPending}
          >
            Delete integration
          </button>
        </>
      }
    >
      <p style={{ margin: 0 }}>
        Its token stops working and its run history is removed. The{' '}
        {props.integration.eventCount.toLocaleString()} events it delivered stay in Vigil.
      </p>
      {error ? (
        <div className="alert error" role="alert">
          {error}
        </div>
      ) : null}
    </Dialog>
  );
}
