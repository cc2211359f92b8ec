import { useState } from 'react';
import type { FormEvent } from 'react';

import { commandIds } from '../../../shared/commands/command-ids';
import { mayBindToKey } from '../../../shared/commands/command-spec';
import type { KeyBinding } from '../../../shared/keymap/keymap-file';
import { normalizeKeyString } from '../../../shared/keymap/key-string';
import { clientCommands } from '../../commands/registry';
import { CommandButton } from '../../components/command-button';
import { Field } from '../../components/field';

// Commands a key may trigger, titled as the palette titles them.
const bindable = clientCommands.filter((command) => {
  const spec = commandIds.get(command.id);
  return spec !== undefined && mayBindToKey(spec);
});

/** Adds one rule: a key string, a command (or removal / disabling), an optional `when` clause. */
export function AddRuleForm(props: { onAdd: (rule: KeyBinding) => void; initialCommand?: string }) {
  const [key, setKey] = useState('');
  const [command, setCommand] = useState(props.initialCommand ?? 'nav.dashboard');
  const [when, setWhen] = useState('!inputFocus');
  const parsed = key.trim() ? normalizeKeyString(key.trim()) : null;
  const keyError = parsed && !parsed.ok ? parsed.error : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!parsed?.ok) return;
    props.onAdd({ key: parsed.value, command, ...(when.trim() ? { when: when.trim() } : {}) });
    setKey('');
  };
  return (
    <form
      onSubmit={onSubmit}
      className="toolbar"
      // Tops aligned: the key's hint (or error) below it must not lift its box above the others.
      style={{ alignItems: 'start' }}
      aria-label="Add a rule"
    >
      <Field label="Key" error={keyError} hint="e.g. g d, mod+shift+p, ctrl+k ctrl+s">
        <input
          className="input"
          value={key}
          onChange={(e) => setKey(e.target.value)}
          name="rule-key"
          style={{ width: 160 }}
        />
      </Field>
      <Field label="Command">
        <select
          className="select"
          value={command}
          onChange={(e) => setCommand(e.target.value)}
          name="rule-command"
        >
          {bindable.map((spec) => (
            <option key={spec.id} value={spec.id}>
              {spec.title} ({spec.id})
            </option>
          ))}
          <option value="">Disable this key</option>
        </select>
      </Field>
      <Field label="When (optional)">
        <input
          className="input"
          value={when}
          onChange={(e) => setWhen(e.target.value)}
          name="rule-when"
          style={{ width: 200 }}
        />
      </Field>
      <CommandButton
        type="submit"
        className="button"
        disabledReason={
          parsed === null
            ? 'Type the key the rule binds first.'
            : parsed.ok
              ? null
              : 'Vigil cannot read that key; see the message at the field.'
        }
        style={{ marginTop: 'calc(12px * 1.45 + 4px)' }}
      >
        Add rule
      </CommandButton>
    </form>
  );
}
