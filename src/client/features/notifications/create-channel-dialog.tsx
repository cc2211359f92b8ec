import { useState } from 'react';
import { toast } from 'sonner';

import type { ChannelKind } from '../../../shared/schemas/notifications';
import {
  channelCreateSchema,
  channelKindLabels,
  channelKinds,
} from '../../../shared/schemas/notifications';
import { useCreateChannel } from '../../api/notifications/channels';
import { Field } from '../../components/field';
import { useFieldProblems } from '../../components/field-problems';
import { FormDialog } from '../../components/form-dialog';
import { useKeyLabel } from '../../keymap/key-hint';

const FIELDS = [
  'name',
  'settings.url',
  'settings.secret',
  'settings.host',
  'settings.port',
  'settings.username',
  'settings.password',
  'settings.from',
  'settings.to',
  'settings.protocol',
] as const;

type Form = Record<string, string | boolean>;

const EMPTY: Form = {
  url: '',
  secret: '',
  host: '',
  port: '',
  secure: false,
  username: '',
  password: '',
  from: '',
  to: '',
  protocol: 'tcp',
};

/** The settings a kind takes, from the form's fields. */
function settingsOf(kind: ChannelKind, form: Form): Record<string, unknown> {
  const text = (name: string) => String(form[name] ?? '').trim();
  switch (kind) {
    case 'webhook':
      return { url: text('url'), secret: String(form.secret ?? '') };
    case 'slack':
    case 'teams':
      return { url: text('url') };
    case 'email':
      return {
        host: text('host'),
        port: Number(text('port') || '587'),
        secure: form.secure === true,
        ...(text('username')
          ? { username: text('username'), password: String(form.password) }
          : {}),
        from: text('from'),
        to: text('to')
          .split(/[,\s]+/)
          .filter((address) => address !== ''),
      };
    case 'syslog':
      return { host: text('host'), port: Number(text('port') || '6514'), protocol: form.protocol };
  }
}

/**
 * A new notification channel: its kind, a name, and the kind's settings. Secrets (a webhook's
 * signing secret, an SMTP password, a Slack or Teams webhook URL) are sent once and never shown
 * again. Checked with the shared schema first; what the server refuses is said beside its field.
 */
export function CreateChannelDialog(props: { onClose: () => void }) {
  const create = useCreateChannel();
  const [kind, setKind] = useState<ChannelKind>('webhook');
  const [name, setName] = useState('');
  const [form, setForm] = useState<Form>(EMPTY);
  const [localError, setLocalError] = useState<unknown>(null);
  const problems = useFieldProblems(localError ?? create.error, FIELDS);
  const submitKey = useKeyLabel('form.submit');
  const set = (field: string) => (value: string | boolean) =>
    setForm((previous) => ({ ...previous, [field]: value }));
  const text = (
    field: string,
    label: string,
    options: { hint?: string; secret?: boolean } = {},
  ) => (
    <Field
      label={label}
      error={problems.fields[`settings.${field}` as (typeof FIELDS)[number]]}
      {...(options.hint ? { hint: options.hint } : {})}
    >
      <input
        className="input"
        type={options.secret ? 'password' : 'text'}
        autoComplete="off"
        value={String(form[field] ?? '')}
        onChange={(event) => set(field)(event.target.value)}
      />
    </Field>
  );

  const onSubmit = () => {
    const checked = channelCreateSchema.safeParse({ kind, name, settings: settingsOf(kind, form) });
    if (!checked.success) {
      setLocalError(checked.error);
      return;
    }
    setLocalError(null);
    create.mutate(checked.data, {
      onSuccess: (channel) => {
        toast.success(`Channel added: ${channel.name}`);
        props.onClose();
      },
    });
  };

  return (
    <FormDialog
      title="New notification channel"
      formId="create-channel"
      action="Add channel"
      busyAction="Adding…"
      busy={create.isPending}
      problem={problems.form}
      submitKey={submitKey}
      onSubmit={onSubmit}
      onClose={props.onClose}
      formRef={problems.formRef}
    >
      <Field label="Kind">
        <select
          className="select"
          value={kind}
          onChange={(event) => setKind(event.target.value as ChannelKind)}
          autoFocus
        >
          {channelKinds.map((k) => (
            <option key={k} value={k}>
              {channelKindLabels[k]}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Name" error={problems.fields.name}>
        <input
          className="input"
          value={name}
          maxLength={100}
          onChange={(event) => setName(event.target.value)}
        />
      </Field>
      {kind === 'webhook' ? (
        <>
          {text('url', 'URL', { hint: 'https:// — Vigil POSTs signed JSON here.' })}
          {text('secret', 'Signing secret', {
            secret: true,
            hint: 'At least 16 characters; the receiver checks X-Vigil-Signature with it.',
          })}
        </>
      ) : null}
      {kind === 'slack' || kind === 'teams'
        ? text('url', 'Incoming webhook URL', {
            secret: true,
            hint: 'Kept secret: whoever has it can post.',
          })
        : null}
      {kind === 'email' ? (
        <>
          {text('host', 'SMTP host')}
          {text('port', 'Port', { hint: '587 with STARTTLS, 465 with TLS.' })}
          <label className="checkbox">
            <input
              type="checkbox"
              checked={form.secure === true}
              onChange={(event) => set('secure')(event.target.checked)}
            />{' '}
            TLS from the first byte (port 465)
          </label>
          {text('username', 'User name (optional)')}
          {text('password', 'Password (optional)', { secret: true })}
          {text('from', 'From')}
          {text('to', 'To', { hint: 'Addresses separated by commas.' })}
        </>
      ) : null}
      {kind === 'syslog' ? (
        <>
          {text('host', 'Host')}
          {text('port', 'Port', { hint: '6514 for TLS, 601 for TCP.' })}
          <Field label="Protocol" error={problems.fields['settings.protocol']}>
            <select
              className="select"
              value={String(form.protocol)}
              onChange={(event) => set('protocol')(event.target.value)}
            >
              <option value="tls">TLS</option>
              <option value="tcp">TCP</option>
            </select>
          </Field>
        </>
      ) : null}
    </FormDialog>
  );
}
