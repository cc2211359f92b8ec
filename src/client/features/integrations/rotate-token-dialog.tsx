import { useState } from 'react';

import type { Integration } from '../../../shared/schemas/integrations';
import { useRotateToken } from '../../api/integrations/rotate-token';
import { Dialog } from '../../components/dialog';
import { Field } from '../../components/field';
import { FormDialog } from '../../components/form-dialog';
import { integrationError } from './integration-errors';
import { TokenReveal } from './token-reveal';

/**
 * Rotating breaks every sender still using the old token, so it asks for the integration's
 * name to be typed first; the new token is then shown once.
 */
export function RotateTokenDialog(props: { integration: Integration; onClose: () => void }) {
  const rotate = useRotateToken();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [token, setToken] = useState<string | null>(null);
  const confirmed = typed.trim() === props.integration.name;

  const onSubmit = () => {
    if (!confirmed) return;
    rotate.mutate(props.integration.id, {
      onSuccess: (reply) => setToken(reply.token),
      onError: (caught) => setError(integrationError(caught)),
    });
  };

  if (token) {
    return (
      <Dialog
        title="New ingest token"
        onClose={props.onClose}
        wide
        footer={
          <button type="button" className="button primary" onClick={props.onClose}>
            Done
          </button>
        }
      >
        <TokenReveal token={token} />
      </Dialog>
    );
  }
  return (
    <FormDialog
      title="Rotate the ingest token"
      formId="rotate-token"
      action="Rotate token"
      tone="danger"
      busy={rotate.isPending}
      ready={confirmed}
      onSubmit={onSubmit}
      onClose={props.onClose}
    >
      <p style={{ margin: 0 }}>
        The current token (ending <code>{props.integration.tokenHint ?? '—'}</code>) stops working
        at once: every source pushing with it must be given the new one.
      </p>
      <Field label={`Type “${props.integration.name}” to confirm`} error={error}>
        <input
          className="input"
          value={typed}
          autoComplete="off"
          onChange={(e) => setTyped(e.target.value)}
        />
      </Field>
    </FormDialog>
  );
}
