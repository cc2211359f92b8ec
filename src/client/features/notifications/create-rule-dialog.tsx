import { useState } from 'react';
import { toast } from 'sonner';

import type { IncidentSeverity } from '../../../shared/incident-model';
import { incidentSeverities, severityLabels } from '../../../shared/incident-model';
import type { TriggerKind } from '../../../shared/schemas/notifications';
import {
  channelKindLabels,
  ruleCreateSchema,
  triggerKinds,
  triggerLabels,
} from '../../../shared/schemas/notifications';
import { useChannels } from '../../api/notifications/channels';
import { useCreateNotificationRule } from '../../api/notifications/rules';
import { Field, FieldGroup } from '../../components/field';
import { useFieldProblems } from '../../components/field-problems';
import { FormDialog } from '../../components/form-dialog';
import { useKeyLabel } from '../../keymap/key-hint';

const FIELDS = ['name', 'trigger', 'channelIds'] as const;

/** The trigger the form describes. */
function triggerOf(kind: TriggerKind, minSeverity: IncidentSeverity, ruleId: string) {
  if (kind === 'alert')
    return { kind, minSeverity, ...(ruleId.trim() ? { rule: ruleId.trim() } : {}) };
  if (kind === 'severity_rising') return { kind, minSeverity };
  return { kind };
}

/**
 * A new notification rule: a name, when (the trigger and, for alerts, the lowest severity and
 * optionally one detection rule) and the channels it sends to. Checked with the shared schema
 * first; what the server refuses is said beside its field.
 */
export function CreateRuleDialog(props: { onClose: () => void }) {
  const channels = useChannels();
  const create = useCreateNotificationRule();
  const [name, setName] = useState('');
  const [kind, setKind] = useState<TriggerKind>('alert');
  const [minSeverity, setMinSeverity] = useState<IncidentSeverity>('high');
  const [ruleId, setRuleId] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [localError, setLocalError] = useState<unknown>(null);
  const problems = useFieldProblems(localError ?? create.error, FIELDS);
  const submitKey = useKeyLabel('form.submit');

  const onSubmit = () => {
    const checked = ruleCreateSchema.safeParse({
      name,
      enabled: true,
      trigger: triggerOf(kind, minSeverity, ruleId),
      channelIds: chosen,
    });
    if (!checked.success) {
      setLocalError(checked.error);
      return;
    }
    setLocalError(null);
    create.mutate(checked.data, {
      onSuccess: (rule) => {
        toast.success(`Rule added: ${rule.name}`);
        props.onClose();
      },
    });
  };

  const list = channels.data?.channels ?? [];
  return (
    <FormDialog
      title="New notification rule"
      formId="create-notification-rule"
      action="Add rule"
      busyAction="Adding…"
      busy={create.isPending}
      problem={problems.form}
      submitKey={submitKey}
      onSubmit={onSubmit}
      onClose={props.onClose}
      formRef={problems.formRef}
    >
      <Field label="Name" error={problems.fields.name}>
        <input
          className="input"
          value={name}
          maxLength={100}
          onChange={(event) => setName(event.target.value)}
          autoFocus
        />
      </Field>
      <Field label="When" error={problems.fields.trigger}>
        <select
          className="select"
          value={kind}
          onChange={(event) => setKind(event.target.value as TriggerKind)}
        >
          {triggerKinds.map((k) => (
            <option key={k} value={k}>
              {triggerLabels[k]}
            </option>
          ))}
        </select>
      </Field>
      {kind === 'alert' || kind === 'severity_rising' ? (
        <Field label="Lowest severity">
          <select
            className="select"
            value={minSeverity}
            onChange={(event) => setMinSeverity(event.target.value as IncidentSeverity)}
          >
            {incidentSeverities.map((s) => (
              <option key={s} value={s}>
                {severityLabels[s]}
              </option>
            ))}
          </select>
        </Field>
      ) : null}
      {kind === 'alert' ? (
        <Field label="Only this detection rule (optional)" hint="A rule id such as mass-deletion.">
          <input
            className="input"
            value={ruleId}
            onChange={(event) => setRuleId(event.target.value)}
          />
        </Field>
      ) : null}
      <FieldGroup
        legend="Channels"
        error={problems.fields.channelIds}
        {...(list.length === 0
          ? { hint: 'No channel yet: add one on the Channels screen first.' }
          : {})}
      >
        {list.map((channel) => (
          <label key={channel.id} className="checkbox">
            <input
              type="checkbox"
              checked={chosen.includes(channel.id)}
              onChange={(event) =>
                setChosen((previous) =>
                  event.target.checked
                    ? [...previous, channel.id]
                    : previous.filter((id) => id !== channel.id),
                )
              }
            />{' '}
            {channel.name} <span className="faint">({channelKindLabels[channel.kind]})</span>
          </label>
        ))}
      </FieldGroup>
    </FormDialog>
  );
}
