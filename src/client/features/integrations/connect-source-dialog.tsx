import { useState } from 'react';

import type { EventSource } from '../../../shared/events';
import type { IntegrationWithToken } from '../../../shared/schemas/integrations';
import { useCreateIntegration } from '../../api/integrations/create-integration';
import { useSources } from '../../api/integrations/list-sources';
import { Dialog } from '../../components/dialog';
import { Field } from '../../components/field';
import { useFieldProblems } from '../../components/field-problems';
import { FormDialog } from '../../components/form-dialog';
import { workspace } from '../../workspace/workspace-controller';
import { pushUrl, TokenReveal } from './token-reveal';

const FIELDS = ['kind', 'name'] as const;

/**
 * "Connect a source": pick the format and a name; the reply's ingest token is then shown once,
 * with where to push and a way on to the settings screen.
 */
export function ConnectSourceDialog(props: { onClose: () => void }) {
  const sources = useSources();
  const create = useCreateIntegration();
  const [kind, setKind] = useState<EventSource | ''>('');
  const [name, setName] = useState('');
  const [unchosen, setUnchosen] = useState(false);
  const problems = useFieldProblems(create.error, FIELDS);
  const [created, setCreated] = useState<IntegrationWithToken | null>(null);
  const list = sources.data?.sources ?? [];
  const chosen = list.find((s) => s.id === kind);

  const onSubmit = () => {
    if (!chosen) {
      setUnchosen(true);
      return;
    }
    setUnchosen(false);
    create.mutate(
      { kind: chosen.id, name: name.trim() || chosen.label },
      { onSuccess: setCreated },
    );
  };

  if (created) {
    const open = () => {
      props.onClose();
      workspace.navigate(`/app/integrations/settings/${created.integration.id}`);
    };
    return (
      <Dialog
        title={`${created.integration.name} connected`}
        onClose={props.onClose}
        wide
        footer={
          <>
            <button type="button" className="button" onClick={props.onClose}>
              Done
            </button>
            <button type="button" className="button primary" onClick={open}>
              Open settings
            </button>
          </>
        }
      >
        <TokenReveal token={created.token} />
        <p className="muted" style={{ margin: 0 }}>
          Push batches to <code>{pushUrl(created.integration.id)}</code> with the header{' '}
          <code>Authorization: Bearer &lt;token&gt;</code>, or upload export files in the
          integration’s settings.
        </p>
      </Dialog>
    );
  }

  return (
    <FormDialog
      title="Connect a source"
      formId="connect-source"
      action="Connect"
      busy={create.isPending}
      problem={problems.form}
      onSubmit={onSubmit}
      onClose={props.onClose}
      formRef={problems.formRef}
    >
      <Field
        label="Source format"
        hint={chosen?.description}
        error={unchosen ? 'Choose the source format.' : problems.fields.kind}
      >
        <select
          className="select"
          value={kind}
          autoFocus
          onChange={(event) => setKind(event.target.value as EventSource)}
        >
          <option value="" disabled>
            {sources.isLoading ? 'Loading…' : 'Choose a format'}
          </option>
          {list.map((source) => (
            <option key={source.id} value={source.id}>
              {source.label}
            </option>
          ))}
        </select>
      </Field>
      <Field
        label="Name"
        hint="How this source appears in Vigil, e.g. “Okta production”."
        error={problems.fields.name}
      >
        <input
          className="input"
          value={name}
          maxLength={100}
          placeholder={chosen?.label ?? ''}
          onChange={(event) => setName(event.target.value)}
        />
      </Field>
    </FormDialog>
  );
}
