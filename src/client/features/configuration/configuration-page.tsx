import { useState } from 'react';
import { toast } from 'sonner';

import type { Configuration } from '../../../shared/schemas/configuration';
import { useMe } from '../../api/auth/me';
import { useConfiguration, useSaveConfiguration } from '../../api/configuration/configuration';
import { Loading } from '../../components/loading';
import { PageHeader } from '../../components/page-header';
import { ConfigurationForm } from './configuration-form';

/** Detection settings: competitors, domains, labels, working hours, risk weights. */
export default function ConfigurationPage() {
  const me = useMe();
  const config = useConfiguration();
  const save = useSaveConfiguration();
  const [formKey, setFormKey] = useState(0);
  const canEdit = Boolean(me.data?.permissions.includes('configuration.manage'));
  const submit = (value: Configuration) =>
    save.mutate(value, {
      onSuccess: () =>
        toast.success('Configuration saved', {
          description:
            'Every case that is not closed is analysed again: findings, incidents and risk scores follow the new settings.',
        }),
      onError: () =>
        toast.error('Could not save the configuration', {
          description: 'The form says what to change.',
        }),
    });
  return (
    <div className="page">
      <PageHeader
        title="Configuration"
        subtitle={
          canEdit
            ? 'What detectors treat as competitors, personal domains and sensitive labels. Every change is audited.'
            : 'Read only: your role cannot change the configuration.'
        }
      />
      {config.isPending ? (
        <Loading label="Loading the configuration…" />
      ) : config.isError ? (
        <div className="alert error">{config.error.message}</div>
      ) : (
        <ConfigurationForm
          key={formKey}
          initial={config.data}
          disabled={!canEdit || save.isPending}
          saveError={save.error}
          onSubmit={submit}
          onReset={() => setFormKey((k) => k + 1)}
        />
      )}
    </div>
  );
}
