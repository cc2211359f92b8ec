import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useMemo, useState } from 'react';
import { toast } from 'sonner';

import type { KeyBinding } from '../../../shared/keymap/keymap-file';
import { validateLayer } from '../../../shared/keymap/validate';
import { keymapProfiles } from '../../../shared/schemas/settings';
import type { KeymapProfile } from '../../../shared/schemas/settings';
import { useSaveUserSettings } from '../../api/settings/user-settings';
import { HttpError } from '../../api/http-error';
import { PageHeader } from '../../components/page-header';
import { openDialogAtom } from '../../state/dialogs';
import { keymapSettingsAtom } from '../../state/keymap';
import { AddRuleForm } from './add-rule-form';
import { ApiTokensSection } from './api-tokens-section';
import { BindingsList } from './bindings-list';
import { MyNotificationsSection } from './my-notifications-section';
import { plural } from '../../../shared/wording';

/** Keyboard settings: profile, single-key shortcuts, and the user's own rules (kept on the server). */
export default function SettingsPage() {
  const saved = useAtomValue(keymapSettingsAtom);
  const save = useSaveUserSettings();
  const openDialog = useSetAtom(openDialogAtom);
  const [profile, setProfile] = useState<KeymapProfile>(saved.profile);
  const [singleKeys, setSingleKeys] = useState(saved.singleKeyShortcutsEnabled);
  const [rules, setRules] = useState<KeyBinding[]>(saved.rules);
  useEffect(() => {
    setProfile(saved.profile);
    setSingleKeys(saved.singleKeyShortcutsEnabled);
    setRules(saved.rules);
  }, [saved]);
  const problems = useMemo(() => validateLayer({ name: 'your rules', bindings: rules }), [rules]);
  const dirty =
    profile !== saved.profile ||
    singleKeys !== saved.singleKeyShortcutsEnabled ||
    JSON.stringify(rules) !== JSON.stringify(saved.rules);

  const onSave = () =>
    save.mutate(
      { keymap: { profile, singleKeyShortcutsEnabled: singleKeys, rules } },
      {
        onSuccess: () => toast.success('Keyboard settings saved: they follow you to any browser.'),
        onError: (error) =>
          toast.error(
            error instanceof HttpError ? (error.serverMessage ?? error.message) : String(error),
          ),
      },
    );

  return (
    <div className="page">
      <PageHeader
        title="Settings"
        subtitle="Keyboard shortcuts (the default keymap, an optional profile, then your own rules: later rules win), API tokens and your password"
        actions={
          <button
            type="button"
            className="button primary"
            disabled={!dirty || problems.length > 0 || save.isPending}
            onClick={onSave}
          >
            {save.isPending ? 'Saving…' : dirty ? 'Save settings' : 'Saved'}
          </button>
        }
      />
      <section className="card">
        <header>
          <h2>Keymap</h2>
        </header>
        <div className="card-body" style={{ display: 'grid', gap: 10 }}>
          <fieldset style={{ border: 0, padding: 0, margin: 0, display: 'flex', gap: 16 }}>
            <legend className="muted" style={{ marginBottom: 6 }}>
              Profile
            </legend>
            {keymapProfiles.map((value) => (
              <label key={value} className="checkbox">
                <input
                  type="radio"
                  name="profile"
                  value={value}
                  checked={profile === value}
                  onChange={() => setProfile(value)}
                />
                {value === 'default'
                  ? 'Default'
                  : 'Vim (ctrl+w panes, g t tabs, : palette, g g / G)'}
              </label>
            ))}
          </fieldset>
          <label className="checkbox">
            <input
              type="checkbox"
              checked={singleKeys}
              onChange={(e) => setSingleKeys(e.target.checked)}
            />
            Single-key shortcuts (j, k, x, g i…). Turn off if you use speech input or press keys by
            accident (WCAG 2.1.4).
          </label>
        </div>
      </section>
      <section className="card">
        <header>
          <h2>Your rules</h2>
          <span className="muted">{plural(rules.length, 'rule')}</span>
        </header>
        <div className="card-body" style={{ display: 'grid', gap: 10 }}>
          {rules.length === 0 ? (
            <div className="muted">
              No rules of your own yet. Add one below, or rebind a command from the list.
            </div>
          ) : null}
          {rules.map((rule, index) => (
            <div key={index} style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
              <code style={{ flex: 1 }}>{JSON.stringify(rule)}</code>
              <button
                type="button"
                className="button small"
                onClick={() => setRules(rules.filter((_, i) => i !== index))}
                aria-label={`Remove rule ${index + 1}`}
              >
                Remove
              </button>
            </div>
          ))}
          {problems.length > 0 ? (
            <div className="alert error" role="alert">
              {problems.map((p) => (
                <div key={p.message}>{p.message}</div>
              ))}
            </div>
          ) : null}
          <AddRuleForm onAdd={(rule) => setRules([...rules, rule])} />
        </div>
      </section>
      <ApiTokensSection />
      <section className="card">
        <header>
          <h2>Password</h2>
        </header>
        <div className="card-body" style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
          <span className="muted">
            Changing it signs out your other sessions; the current password is asked for.
          </span>
          <button
            type="button"
            className="button"
            onClick={() => openDialog({ kind: 'changePassword' })}
          >
            Change password…
          </button>
        </div>
      </section>
      <MyNotificationsSection />
      <BindingsList
        profile={profile}
        rules={rules}
        singleKeys={singleKeys}
        onRebind={(added) => setRules([...rules, ...added])}
      />
    </div>
  );
}
