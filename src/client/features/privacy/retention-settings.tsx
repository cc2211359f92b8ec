import { useState } from 'react';
import { toast } from 'sonner';

import type { Retention } from '../../../shared/schemas/privacy';
import type { RetentionReply, RetentionRun } from '../../../shared/schemas/retention';
import { useRetention, useRunRetention, useSaveRetention } from '../../api/privacy/retention';
import { Field, FormProblem } from '../../components/field';
import { formatDate, formatDateTime, formatNumber } from '../../components/format';
import { useFieldProblems } from '../../components/field-problems';
import { Loading } from '../../components/loading';
import { RetentionRunDialog } from './retention-run-dialog';

const FIELDS = ['eventsDays', 'closedCaseDays', 'auditDays'] as const;

const PERIODS: ReadonlyArray<{ key: (typeof FIELDS)[number]; label: string; hint: string }> = [
  {
    key: 'eventsDays',
    label: 'Events (days)',
    hint: 'Counted from when Vigil received each event, so imported history gets the whole period. Kept: an open case’s subject’s events in its window, and a held case’s for everyone its evidence names; it cannot be shorter than such a case looks back.',
  },
  {
    key: 'closedCaseDays',
    label: 'Closed cases (days)',
    hint: 'A case closed longer ago goes with its notes, pins and incidents, unless it is on legal hold.',
  },
  {
    key: 'auditDays',
    label: 'Audit log (days)',
    hint: 'Audit entries older than this go, except a held case’s history; a year at least; nothing else may remove one.',
  },
];

/** A period in days, in words a person weighs more easily: "About 7 years." */
function roughly(days: number): string {
  if (!Number.isFinite(days) || days < 60) return '';
  if (days < 365) return ` About ${Math.round(days / 30.44)} months.`;
  const years = Math.round((days / 365.25) * 10) / 10;
  return ` About ${years} ${years === 1 ? 'year' : 'years'}.`;
}

/** What a run removed and kept, in a few lines. */
function RunSummary(props: { run: RetentionRun; title: string }) {
  const { run } = props;
  const r = run.removed;
  const lines = [
    `${formatNumber(r.events)} events from before ${formatDate(run.cutoffs.events)}`,
    `${formatNumber(r.quarantined)} quarantined ${r.quarantined === 1 ? 'record' : 'records'} set aside before then`,
    `${formatNumber(r.cases)} ${r.cases === 1 ? 'case' : 'cases'} closed before ${formatDate(run.cutoffs.closedCases)}`,
    `${formatNumber(r.auditEntries)} audit entries from before ${formatDate(run.cutoffs.audit)}`,
  ];
  return (
    <section aria-label={props.title} className="muted" style={{ fontSize: 13 }}>
      <strong style={{ color: 'var(--text)' }}>{props.title}</strong> (
      {formatDateTime(run.finishedAt)}): removed {lines.join('; ')}.
      {r.alertEvents + r.incidentEvents > 0
        ? ` Unlinked ${r.alertEvents} alert and ${r.incidentEvents} incident timeline events.`
        : ''}
      {run.keptByHold.length > 0
        ? ` Kept by legal hold: ${run.keptByHold.length} ${run.keptByHold.length === 1 ? 'case' : 'cases'}.`
        : ' No legal hold kept anything.'}
      {run.keptByOpenCase.length > 0
        ? ` Open cases kept their subjects’ events: ${run.keptByOpenCase.length}.`
        : ''}
    </section>
  );
}

function RetentionForm(props: { initial: RetentionReply }) {
  const [value, setValue] = useState<Retention>({
    eventsDays: props.initial.eventsDays,
    closedCaseDays: props.initial.closedCaseDays,
    auditDays: props.initial.auditDays,
  });
  const save = useSaveRetention();
  const runNow = useRunRetention();
  const [confirming, setConfirming] = useState(false);
  const problems = useFieldProblems(save.error ?? runNow.error, FIELDS);
  const lastRun = runNow.data ?? props.initial.lastRun;
  return (
    <form
      ref={problems.formRef}
      aria-label="Retention"
      style={{ display: 'grid', gap: 12 }}
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(value, { onSuccess: () => toast.success('Retention saved') });
      }}
    >
      <FormProblem>{problems.form}</FormProblem>
      <div
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(3, 1fr)',
          gap: 12,
          alignItems: 'start',
        }}
      >
        {PERIODS.map((period) => (
          <Field
            key={period.key}
            label={period.label}
            error={problems.fields[period.key]}
            hint={`${period.hint}${roughly(value[period.key])}`}
          >
            <input
              className="input"
              type="number"
              min={1}
              max={36_500}
              value={value[period.key]}
              onChange={(e) => setValue({ ...value, [period.key]: Number(e.target.value) })}
            />
          </Field>
        ))}
      </div>
      <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
        <button type="submit" className="button primary" disabled={save.isPending}>
          Save retention
        </button>
        <button
          type="button"
          className="button"
          disabled={runNow.isPending}
          onClick={() => setConfirming(true)}
        >
          {runNow.isPending ? 'Running…' : 'Run now…'}
        </button>
        <span className="faint" style={{ fontSize: 12 }}>
          Retention also runs by itself once a day.
        </span>
      </div>
      {confirming ? (
        <RetentionRunDialog
          onCancel={() => setConfirming(false)}
          onRun={async () => {
            const run = await runNow.mutateAsync();
            setConfirming(false);
            toast.success(
              `Retention removed ${formatNumber(run.removed.events)} events, ${formatNumber(run.removed.cases)} cases and ${formatNumber(run.removed.auditEntries)} audit entries`,
            );
          }}
        />
      ) : null}
      {lastRun ? (
        <RunSummary run={lastRun} title={runNow.data ? 'This run' : 'Last run'} />
      ) : (
        <p className="faint" style={{ margin: 0 }}>
          Retention has not run yet.
        </p>
      )}
    </form>
  );
}

/**
 * The retention section of the privacy settings screen: how long events, closed cases and the
 * audit log are kept, saving them, and running retention now with what it removed.
 */
export function RetentionSettings() {
  const retention = useRetention();
  return (
    <section className="card">
      <header>
        <h2>Retention</h2>
      </header>
      <div className="card-body">
        {retention.data ? (
          <RetentionForm initial={retention.data} />
        ) : retention.error ? (
          <p className="muted">Only people who manage the configuration see retention.</p>
        ) : (
          <Loading />
        )}
      </div>
    </section>
  );
}
