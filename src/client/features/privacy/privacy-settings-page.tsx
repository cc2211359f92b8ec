import { useState } from 'react';
import { toast } from 'sonner';

import { privacySettingsUpdateSchema, revealApprovals } from '../../../shared/schemas/privacy';
import type { PrivacySettingsReply } from '../../../shared/schemas/privacy';
import { usePermissions } from '../../api/auth/me';
import { usePrivacySettings, useSavePrivacySettings } from '../../api/privacy/privacy-settings';
import { mayOpenRoute } from '../../commands/navigation/route-access';
import { EmptyState } from '../../components/empty-state';
import { Field } from '../../components/field';
import { useFieldProblems } from '../../components/field-problems';
import { Loading } from '../../components/loading';
import { PageHeader } from '../../components/page-header';
import { RetentionSettings } from './retention-settings';
import './privacy.css';

const FIELDS = ['pseudonymize', 'showOrgDetails', 'revealApproval', 'revealHours'] as const;

const approvalLabels: Record<(typeof revealApprovals)[number], string> = {
  privacy_officer: 'A privacy officer approves each request',
  immediate: 'Granted at once (still audited)',
};

/**
 * Privacy settings (configuration.manage): whether people show as pseudonyms, whether their
 * department and title show beside one, how reveals are granted and for how long, and
 * retention. Every change is audited; switching pseudonymization off shows a banner on every
 * screen.
 */
export default function PrivacySettingsPage() {
  const permissions = usePermissions();
  const settings = usePrivacySettings();
  if (!mayOpenRoute('privacySettings', permissions))
    return (
      <div className="page">
        <PageHeader title="Privacy settings" />
        <EmptyState title="Privacy settings are for those who configure Vigil" />
      </div>
    );
  if (settings.isPending) return <Loading />;
  if (settings.isError)
    return (
      <div className="alert error">The settings could not be loaded: {settings.error.message}</div>
    );
  return (
    <div className="page privacy-settings-page">
      <PageHeader
        title="Privacy settings"
        subtitle="How people show in Vigil, and how a person's identity is revealed in a case."
      />
      <section className="card" aria-labelledby="privacy-people">
        <header>
          <h2 id="privacy-people">People</h2>
        </header>
        <div className="card-body">
          <PrivacyForm settings={settings.data} />
        </div>
      </section>
      <RetentionSettings />
    </div>
  );
}

function PrivacyForm(props: { settings: PrivacySettingsReply }) {
  const [draft, setDraft] = useState(() => ({
    pseudonymize: props.settings.pseudonymize,
    showOrgDetails: props.settings.showOrgDetails,
    revealApproval: props.settings.revealApproval,
    revealHours: String(props.settings.revealHours),
  }));
  const [checkError, setCheckError] = useState<unknown>(null);
  const save = useSavePrivacySettings();
  const problems = useFieldProblems(checkError ?? save.error, FIELDS);
  return (
    <form
      id="privacy-settings-form"
      className="privacy-settings-form"
      ref={problems.formRef}
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = privacySettingsUpdateSchema.safeParse({
          ...draft,
          revealHours: Number(draft.revealHours),
        });
        if (!parsed.success) {
          setCheckError(parsed.error);
          return;
        }
        setCheckError(null);
        save.mutate(parsed.data, { onSuccess: () => toast.success('Privacy settings saved') });
      }}
    >
      <label className="checkbox">
        <input
          type="checkbox"
          checked={draft.pseudonymize}
          onChange={(event) => setDraft({ ...draft, pseudonymize: event.target.checked })}
        />
        Pseudonymize people (recommended): everyone shows as a stable pseudonym unless revealed for
        a case
      </label>
      {!draft.pseudonymize ? (
        <div className="alert warning">
          With pseudonymization off, every user sees every person by name, and every screen says so.
          The switch is recorded in the audit log.
        </div>
      ) : null}
      <label className="checkbox">
        <input
          type="checkbox"
          checked={draft.showOrgDetails}
          onChange={(event) => setDraft({ ...draft, showOrgDetails: event.target.checked })}
        />
        Show department and title beside a pseudonym
      </label>
      <Field label="Reveals" error={problems.fields.revealApproval}>
        <select
          className="select"
          value={draft.revealApproval}
          onChange={(event) =>
            setDraft({
              ...draft,
              revealApproval: event.target.value as PrivacySettingsReply['revealApproval'],
            })
          }
        >
          {revealApprovals.map((mode) => (
            <option key={mode} value={mode}>
              {approvalLabels[mode]}
            </option>
          ))}
        </select>
      </Field>
      <Field
        label="A reveal holds for (hours)"
        error={problems.fields.revealHours ?? problems.form}
        hint="From 1 to 720 hours; then the person shows by pseudonym again."
      >
        <input
          className="input"
          type="number"
          min={1}
          max={720}
          value={draft.revealHours}
          onChange={(event) => setDraft({ ...draft, revealHours: event.target.value })}
        />
      </Field>
      <div>
        <button type="submit" className="button primary" disabled={save.isPending}>
          Save
        </button>
      </div>
    </form>
  );
}
