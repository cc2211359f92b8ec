import { useState } from 'react';
import type { FormEvent } from 'react';
import { toast } from 'sonner';

import type { Integration, IntegrationOptions } from '../../../shared/schemas/integrations';
import { integrationFramings } from '../../../shared/schemas/integrations';
import { useUpdateIntegration } from '../../api/integrations/update-integration';
import { Field, FormProblem } from '../../components/field';
import { useFieldProblems } from '../../components/field-problems';

const FRAMING_LABELS: Record<IntegrationOptions['framing'], string> = {
  auto: 'Detect from the first bytes',
  ndjson: 'NDJSON (one record a line)',
  'json-array': 'JSON array',
  'json-wrapper': 'API pages ({"entries": [...]})',
  csv: 'CSV with a header row',
};

const FIELDS = ['name', 'enabled', 'options.framing', 'options.removableDrives'] as const;

/** Name, enabled and source options of one integration; a refusal is said beside its field. */
export function SettingsForm(props: { integration: Integration }) {
  const { integration } = props;
  const update = useUpdateIntegration();
  const [name, setName] = useState(integration.name);
  const [enabled, setEnabled] = useState(integration.enabled);
  const [framing, setFraming] = useState(integration.options.framing);
  const [drives, setDrives] = useState((integration.options.removableDrives ?? []).join(', '));
  const problems = useFieldProblems(update.error, FIELDS);
  const endpoint = integration.kind === 'windows';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
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
      { onSuccess: () => toast.success('Integration saved') },
    );
  };

  return (
    <form
      ref={problems.formRef}
      className="stack"
      onSubmit={onSubmit}
      aria-label="Integration settings"
      noValidate
    >
      <Field label="Name" error={problems.fields.name}>
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
      <Field
        label="Record layout"
        hint="How pushed and uploaded files are framed."
        error={problems.fields['options.framing']}
      >
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
          error={problems.fields['options.removableDrives']}
        >
          <input className="input" value={drives} onChange={(e) => setDrives(e.target.value)} />
        </Field>
      ) : null}
      <FormProblem>{problems.form}</FormProblem>
      <div>
        <button type="submit" className="button primary" disabled={update.isPending}>
          Save
        </button>
      </div>
    </form>
  );
}
