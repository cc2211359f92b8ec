import { useState } from 'react';
import { toast } from 'sonner';

import type { Channel, ChannelKind } from '../../../shared/schemas/notifications';
import {
  channelCreateSchema,
  channelKindLabels,
  channelKinds,
  channelSecretFields,
} from '../../../shared/schemas/notifications';
import { useCreateChannel, useUpdateChannel } from '../../api/notifications/channels';
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

/** A stored channel's settings in the form's fields; secrets stay empty (they are write-only). */
function formOf(channel: Channel): Form {
  const s = channel.settings;
  const text = (name: string) => {
    const value = s[name];
    return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  };
  return {
    ...EMPTY,
    url: text('url'),
    host: text('host'),
    port: text('port'),
    secure: s.secure === true,
    username: text('username'),
    from: text('from'),
    to: Array.isArray(s.to) ? (s.to as string[]).join(', ') : '',
    protocol: text('protocol') || 'tcp',
  };
}

/**
 * A change's settings: every field as the form has it, except secrets left empty, which the
 * server keeps as they were (a typed one replaces the stored one).
 */
function changedSettingsOf(kind: ChannelKind, form: Form): Record<string, unknown> {
  const settings = settingsOf(kind, form);
  if (kind === 'email') settings.username = String(form.username ?? '').trim();
  for (const name of channelSecretFields[kind]) {
    if (String(form[name] ?? '') === '') delete settings[name];
    else settings[name] = String(form[name]).trim();
  }
  return settings;
}

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
 * A new notification channel, or a change to one (`channel` given): its kind, a name, and the
 * kind's settings. Secrets (a webhook's signing secret, an SMTP password, a Slack or Teams
 * webhook URL) are sent once and never shown again: on a change they show only as set, with
 * their last four characters, and are replaced only when typed. A new channel is checked with
 * the shared schema first; what the server refuses is said beside its field.
 */
export function CreateChannelDialog(props: { onClose: () => void; channel?: Channel }) {
  const editing = props.channel ?? null;
  const create = useCreateChannel();
  const update = useUpdateChannel();
  const pending = create.isPending || update.isPending;
  const [kind, setKind] = useState<ChannelKind>(editing?.kind ?? 'webhook');
  const [name, setName] = useState(editing?.name ?? '');
  const [form, setForm] = useState<Form>(() => (editing ? formOf(editing) : EMPTY));
  const [localError, setLocalError] = useState<unknown>(null);
  const problems = useFieldProblems(localError ?? (editing ? update.error : create.error), FIELDS);
  const submitKey = useKeyLabel('form.submit');
  const set = (field: string) => (value: string | boolean) =>
    setForm((previous) => ({ ...previous, [field]: value }));
  const text = (
    field: string,
    label: string,
    options: { hint?: string; secret?: boolean } = {},
  ) => {
    const stored = options.secret ? editing?.secrets[field] : undefined;
    const hint = stored
      ? `Set (…${stored.last4}). Leave empty to keep it; type a new one to replace it.`
      : options.hint;
    return (
      <Field
        label={label}
        error={problems.fields[`settings.${field}` as (typeof FIELDS)[number]]}
        {...(hint ? { hint } : {})}
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
  };

  const onSubmit = () => {
    if (editing) {
      update.mutate(
        { id: editing.id, patch: { name, settings: changedSettingsOf(kind, form) } },
        {
          onSuccess: (channel) => {
            toast.success(`Channel saved: ${channel.name}`);
            props.onClose();
          },
        },
      );
      return;
    }
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
      title={editing ? 'Edit notification channel' : 'New notification channel'}
      formId="create-channel"
      action={editing ? 'Save channel' : 'Add channel'}
      busyAction={editing ? 'Saving…' : 'Adding…'}
      busy={pending}
      problem={problems.form}
      submitKey={submitKey}
      formRef={problems.formRef}
      onSubmit={onSubmit}
      onClose={props.onClose}
    >
      <Field label="Kind">
        <select
          className="select"
          value={kind}
          onChange={(event) => setKind(event.target.value as ChannelKind)}
          // A channel keeps its kind: a change of kind is a new channel.
          disabled={editing !== null}
          autoFocus={editing === null}
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
          autoFocus={editing !== null}
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
