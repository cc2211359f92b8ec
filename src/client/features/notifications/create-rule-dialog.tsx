import { useState } from 'react';
import { toast } from 'sonner';

import type { IncidentSeverity } from '../../../shared/incident-model';
import { incidentSeverities, severityLabels } from '../../../shared/incident-model';
import type { NotificationRule, Trigger, TriggerKind } from '../../../shared/schemas/notifications';
import {
  channelKindLabels,
  ruleCreateSchema,
  triggerKinds,
  triggerLabels,
} from '../../../shared/schemas/notifications';
import { useDetectionRules } from '../../api/detection/list-detection-rules';
import { useChannels } from '../../api/notifications/channels';
import {
  useCreateNotificationRule,
  useUpdateNotificationRule,
} from '../../api/notifications/rules';
import { useWatchlists } from '../../api/watchlists/list-watchlists';
import { Field, FieldGroup } from '../../components/field';
import { useFieldProblems } from '../../components/field-problems';
import { FormDialog } from '../../components/form-dialog';
import { useKeyLabel } from '../../keymap/key-hint';

const FIELDS = [
  'name',
  'trigger',
  'trigger.rule',
  'trigger.policy',
  'trigger.watchlist',
  'channelIds',
] as const;

/** What the form holds of a trigger; '' is "any". */
interface TriggerForm {
  kind: TriggerKind;
  minSeverity: IncidentSeverity;
  rule: string;
  policy: string;
  watchlist: string;
}

function formOf(trigger: Trigger | undefined): TriggerForm {
  const form: TriggerForm = {
    kind: trigger?.kind ?? 'alert',
    minSeverity: 'high',
    rule: '',
    policy: '',
    watchlist: '',
  };
  if (trigger?.kind === 'alert') {
    return {
      ...form,
      minSeverity: trigger.minSeverity,
      rule: trigger.rule ?? '',
      policy: trigger.policy ?? '',
      watchlist: trigger.watchlist ?? '',
    };
  }
  if (trigger?.kind === 'severity_rising' && trigger.minSeverity) {
    return { ...form, minSeverity: trigger.minSeverity };
  }
  return form;
}

/** The trigger the form describes. */
function triggerOf(form: TriggerForm): Trigger {
  const { kind, minSeverity } = form;
  if (kind === 'alert') {
    return {
      kind,
      minSeverity,
      ...(form.rule ? { rule: form.rule } : {}),
      ...(form.policy ? { policy: form.policy } : {}),
      ...(form.watchlist ? { watchlist: form.watchlist } : {}),
    };
  }
  if (kind === 'severity_rising') return { kind, minSeverity };
  return { kind };
}

/**
 * A new notification rule, or a change to one (`rule` given): a name, when (the trigger and,
 * for alerts, the lowest severity and optionally only one detection rule, one policy or the
 * people on one watchlist) and the channels it sends to. Checked with the shared schema
 * first; what the server refuses is said beside its field.
 */
export function CreateRuleDialog(props: { onClose: () => void; rule?: NotificationRule }) {
  const editing = props.rule ?? null;
  const channels = useChannels();
  const detection = useDetectionRules();
  const watchlists = useWatchlists();
  const create = useCreateNotificationRule();
  const update = useUpdateNotificationRule();
  const pending = create.isPending || update.isPending;
  const [name, setName] = useState(editing?.name ?? '');
  const [trigger, setTrigger] = useState<TriggerForm>(() => formOf(editing?.trigger));
  const [chosen, setChosen] = useState<string[]>(editing?.channelIds ?? []);
  const [localError, setLocalError] = useState<unknown>(null);
  const problems = useFieldProblems(localError ?? (editing ? update.error : create.error), FIELDS);
  const submitKey = useKeyLabel('form.submit');
  const change = (part: Partial<TriggerForm>) =>
    setTrigger((previous) => ({ ...previous, ...part }));

  const onSubmit = () => {
    const checked = ruleCreateSchema.safeParse({
      name,
      enabled: editing?.enabled ?? true,
      trigger: triggerOf(trigger),
      channelIds: chosen,
    });
    if (!checked.success) {
      setLocalError(checked.error);
      return;
    }
    setLocalError(null);
    const done = (verb: string) => (rule: NotificationRule) => {
      toast.success(`Rule ${verb}: ${rule.name}`);
      props.onClose();
    };
    if (editing) {
      const { name: newName, trigger: newTrigger, channelIds } = checked.data;
      update.mutate(
        { id: editing.id, patch: { name: newName, trigger: newTrigger, channelIds } },
        { onSuccess: done('saved') },
      );
    } else create.mutate(checked.data, { onSuccess: done('added') });
  };

  const list = channels.data?.channels ?? [];
  const filter = (
    field: 'rule' | 'policy' | 'watchlist',
    label: string,
    options: Array<{ id: string; label: string }>,
    loading: boolean,
  ) => (
    <Field label={label} error={problems.fields[`trigger.${field}`]}>
      <select
        className="select"
        value={trigger[field]}
        onChange={(event) => change({ [field]: event.target.value })}
      >
        <option value="">{loading ? 'Loading…' : 'Any'}</option>
        {/* A stored choice shows even before (or without) its list. */}
        {trigger[field] && !options.some((o) => o.id === trigger[field]) ? (
          <option value={trigger[field]}>{trigger[field]}</option>
        ) : null}
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );

  return (
    <FormDialog
      title={editing ? 'Edit notification rule' : 'New notification rule'}
      formId="create-notification-rule"
      action={editing ? 'Save rule' : 'Add rule'}
      busyAction={editing ? 'Saving…' : 'Adding…'}
      busy={pending}
      problem={problems.form}
      submitKey={submitKey}
      formRef={problems.formRef}
      onSubmit={onSubmit}
      onClose={props.onClose}
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
          value={trigger.kind}
          onChange={(event) => change({ kind: event.target.value as TriggerKind })}
        >
          {triggerKinds.map((k) => (
            <option key={k} value={k}>
              {triggerLabels[k]}
            </option>
          ))}
        </select>
      </Field>
      {trigger.kind === 'alert' || trigger.kind === 'severity_rising' ? (
        <Field label="Lowest severity">
          <select
            className="select"
            value={trigger.minSeverity}
            onChange={(event) => change({ minSeverity: event.target.value as IncidentSeverity })}
          >
            {incidentSeverities.map((s) => (
              <option key={s} value={s}>
                {severityLabels[s]}
              </option>
            ))}
          </select>
        </Field>
      ) : null}
      {trigger.kind === 'alert' ? (
        <>
          {filter(
            'rule',
            'Only this detection rule',
            (detection.data?.rules ?? []).map((r) => ({ id: r.id, label: r.title })),
            detection.isLoading,
          )}
          {filter(
            'policy',
            'Only rules of this policy',
            (detection.data?.policies ?? []).map((p) => ({ id: p.id, label: p.title })),
            detection.isLoading,
          )}
          {filter(
            'watchlist',
            'Only people on this watchlist',
            (watchlists.data?.watchlists ?? []).map((w) => ({ id: w.id, label: w.name })),
            watchlists.isLoading,
          )}
        </>
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
