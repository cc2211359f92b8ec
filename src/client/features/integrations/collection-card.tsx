import { useState } from 'react';
import type { FormEvent } from 'react';
import { toast } from 'sonner';

import type { CollectionReply, CollectorSpec } from '../../../shared/schemas/collection';
import { collectorSpecs } from '../../../shared/schemas/collection';
import type { Integration } from '../../../shared/schemas/integrations';
import { useCollection } from '../../api/integrations/get-collection';
import { useSaveCollection } from '../../api/integrations/save-collection';
import { runCommand } from '../../commands/run-command';
import { Field, FormProblem } from '../../components/field';
import { useFieldProblems } from '../../components/field-problems';
import { CollectionHealth } from './collection-health';

/** The form's fields as the server names them in its refusals. */
function fieldNames(spec: CollectorSpec): string[] {
  return [
    'intervalSeconds',
    'backfillDays',
    'settings',
    ...spec.fields.map((f) => `settings.${f.name}`),
  ];
}

function CollectionForm(props: {
  integrationId: string;
  spec: CollectorSpec;
  current: CollectionReply;
}) {
  const { integrationId, spec, current } = props;
  const save = useSaveCollection();
  const problems = useFieldProblems(save.error, fieldNames(spec));
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      spec.fields.map((f) => {
        const value = current.settings[f.name];
        return [f.name, typeof value === 'string' ? value : ''];
      }),
    ),
  );
  const [interval, setInterval] = useState(String(current.intervalSeconds));
  const [backfill, setBackfill] = useState(String(current.backfillDays));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    // A secret left empty keeps the stored one.
    const settings = Object.fromEntries(Object.entries(values).filter(([, v]) => v.trim() !== ''));
    save.mutate(
      {
        id: integrationId,
        body: {
          enabled: current.configured ? current.enabled : true,
          intervalSeconds: Number(interval),
          backfillDays: Number(backfill),
          settings,
        },
      },
      {
        onSuccess: () => {
          toast.success('Collection settings saved');
          setValues((v) =>
            Object.fromEntries(
              spec.fields.map((f) => [f.name, f.kind === 'secret' ? '' : (v[f.name] ?? '')]),
            ),
          );
        },
      },
    );
  };

  return (
    <form
      ref={problems.formRef}
      className="stack"
      onSubmit={onSubmit}
      aria-label="Collection settings"
      noValidate
    >
      {spec.fields.map((field) => {
        const stored = current.settings[field.name];
        const secret = field.kind === 'secret';
        const hint =
          secret && typeof stored === 'object' && stored.set
            ? `Set (${stored.hint ?? ''}); leave empty to keep it.`
            : field.placeholder;
        return (
          <Field
            key={field.name}
            label={field.label}
            hint={hint}
            error={problems.fields[`settings.${field.name}`]}
          >
            <input
              className="input"
              type={secret ? 'password' : 'text'}
              autoComplete="off"
              value={values[field.name] ?? ''}
              placeholder={secret ? '' : field.placeholder}
              onChange={(e) => setValues((v) => ({ ...v, [field.name]: e.target.value }))}
            />
          </Field>
        );
      })}
      <div className="grid-2">
        <Field
          label="Interval (seconds)"
          hint="5 s to 24 h."
          error={problems.fields.intervalSeconds}
        >
          <input
            className="input"
            inputMode="numeric"
            value={interval}
            onChange={(e) => setInterval(e.target.value)}
          />
        </Field>
        <Field
          label="First-run backfill (days)"
          hint={`Up to ${spec.maxBackfillDays} days.`}
          error={problems.fields.backfillDays}
        >
          <input
            className="input"
            inputMode="numeric"
            value={backfill}
            onChange={(e) => setBackfill(e.target.value)}
          />
        </Field>
      </div>
      <FormProblem>{problems.form ?? problems.fields.settings}</FormProblem>
      <div>
        <button type="submit" className="button primary" disabled={save.isPending}>
          Save collection settings
        </button>
      </div>
    </form>
  );
}

/**
 * Collection: Vigil polls the vendor's audit API by itself. Credentials (write-only), base URL,
 * interval and backfill; Test connection, Poll now, Pause and Resume (the palette has each);
 * the collector's health.
 */
export function CollectionCard(props: { integration: Integration }) {
  const { integration } = props;
  const spec = collectorSpecs[integration.kind];
  const query = useCollection(integration.id);
  const current = query.data;
  return (
    <section className="card" aria-labelledby="collection-heading">
      <header>
        <h2 id="collection-heading">Collection</h2>
      </header>
      <div className="card-body stack">
        {!spec ? (
          <div className="muted">
            Vigil does not collect {integration.kindLabel} by itself yet: push or upload its
            exports.
          </div>
        ) : !current ? (
          <div className="muted">Loading…</div>
        ) : (
          <>
            <CollectionForm
              key={current.configured ? 'configured' : 'new'}
              integrationId={integration.id}
              spec={spec}
              current={current}
            />
            {current.configured ? (
              <>
                <div className="row-actions">
                  <button
                    type="button"
                    className="button"
                    onClick={() => void runCommand('collection.test', undefined, 'button')}
                  >
                    Test connection
                  </button>
                  <button
                    type="button"
                    className="button"
                    disabled={!current.enabled}
                    onClick={() => void runCommand('collection.pollNow', undefined, 'button')}
                  >
                    Poll now
                  </button>
                  <button
                    type="button"
                    className="button"
                    onClick={() =>
                      void runCommand(
                        current.enabled ? 'collection.pause' : 'collection.resume',
                        undefined,
                        'button',
                      )
                    }
                  >
                    {current.enabled ? 'Pause' : 'Resume'}
                  </button>
                </div>
                <CollectionHealth status={current.status} />
              </>
            ) : null}
          </>
        )}
      </div>
    </section>
  );
}
