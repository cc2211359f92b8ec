import { useState } from 'react';
import type { FormEvent } from 'react';
import { toast } from 'sonner';

import type { Integration, IntegrationOptions } from '../../../shared/schemas/integrations';
import { integrationFramings } from '../../../shared/schemas/integrations';
import { useUpdateIntegration } from '../../api/integrations/update-integration';
import { Field } from '../../components/field';
import { integrationError } from './integration-errors';

const FRAMING_LABELS: Record<IntegrationOptions['framing'], string> = {
  auto: 'Detect from the first bytes',
  ndjson: 'NDJSON (one record a line)',
  'json-array': 'JSON array',
  'json-wrapper': 'API pages ({"entries": [...]})',
  csv: 'CSV with a header row',
};

/** Name, enabled and source options of one integration. */
export function SettingsForm(props: { integration: Integration }) {
  const { integration } = props;
  const update = useUpdateIntegration();
  const [name, setName] = useState(integration.name);
  const [enabled, setEnabled] = useState(integration.enabled);
  const [framing, setFraming] = useState(integration.options.framing);
  const [drives, setDrives] = useState((integration.options.removableDrives ?? []).join(', '));
  const [error, setError] = useState<string | null>(null);
  const endpoint = integration.kind === 'windows';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const removableDrives = drives
      .split(/[\s,]+/)
      .map((d) => d.trim())
      .filter(Boolean);
    update.mutate(
      {
        id: integration.id,
        body: {
          name,
          enabled,
          options: {
            framing,
            ...(endpoint && removableDrives.length > 0 ? { removableDrives } : {}),
          },
        },
      },
      {
        onSuccess: () => toast.success('Integration saved'),
        onError: (caught) => setError(integrationError(caught)),
      },
    );
  };

  return (
    <form className="stack" onSubmit={onSubmit} aria-label="Integration settings">
      <Field label="Name">
        <input
          className="input"
          value={name}
          maxLength={100}
          onChange={(e) => setName(e.target.value)}
        />
      </Field>
      <label className="checkbox">
        <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
        Enabled: accept pushed and uploaded batches
      </label>
      <Field label="Record layout" hint="How pushed and uploaded files are framed.">
        <select
          className="select"
          value={framing}
          onChange={(e) => setFraming(e.target.value as IntegrationOptions['framing'])}
        >
          {integrationFramings.map((f) => (
            <option key={f} value={f}>
              {FRAMING_LABELS[f]}
            </option>
          ))}
        </select>
      </Field>
      {endpoint ? (
        <Field
          label="Removable drives"
          hint="Drive letters treated as USB media, e.g. E:, F: (default E: to H:)."
        >
          <input className="input" value={drives} onChange={(e) => setDrives(e.target.value)} />
        </Field>
      ) : null}
      {error ? (
        <div className="alert error" role="alert">
          {error}
        </div>
      ) : null}
      <div>
        <button type="submit" className="button primary" disabled={update.isPending}>
          Save
        </button>
      </div>
    </form>
  );
}
