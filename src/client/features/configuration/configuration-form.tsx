import { useState } from 'react';
import type { ReactNode } from 'react';
import type { z } from 'zod';

import type { Configuration } from '../../../shared/schemas/configuration';
import { configurationSchema } from '../../../shared/schemas/configuration';
import { riskPartIds, riskPartLabels } from '../../../shared/schemas/risk';
import { Field, FormProblem } from '../../components/field';
import { useFieldProblems } from '../../components/field-problems';
import {
  competitorsToText,
  listToText,
  netbiosToText,
  parseCompetitors,
  parseNetbios,
  textToList,
} from './configuration-text';

/** One weight per part of the risk score, named as the risk panel names the part. */
const WEIGHTS = riskPartIds.map((id) => [id, riskPartLabels[id]] as const);

/** The form's fields, named by their path in the configuration, in the order they appear. */
const FIELDS = [
  'companyDomains',
  'netbiosDomains',
  'personalEmailDomains',
  'competitors',
  'sensitivityLabels',
  'sensitiveLabels',
  'defaultTimezone',
  'defaultWorkStartHour',
  'defaultWorkEndHour',
  ...WEIGHTS.map(([key]) => `riskWeights.${key}` as const),
] as const;

function Card(props: { title: string; children: ReactNode }) {
  return (
    <section className="card">
      <header>
        <h2>{props.title}</h2>
      </header>
      <div className="card-body" style={{ display: 'grid', gap: 12 }}>
        {props.children}
      </div>
    </section>
  );
}

/**
 * The configuration as a form of plain text lists; checked with the shared schema before saving.
 * Each problem (found here, or by the server: `saveError`) is said beside its field.
 */
export function ConfigurationForm(props: {
  initial: Configuration;
  disabled: boolean;
  saveError: unknown;
  onSubmit: (value: Configuration) => void;
  onReset: () => void;
}) {
  const { initial } = props;
  const [companyDomains, setCompanyDomains] = useState(listToText(initial.companyDomains));
  const [netbios, setNetbios] = useState(netbiosToText(initial.netbiosDomains));
  const [personalDomains, setPersonalDomains] = useState(listToText(initial.personalEmailDomains));
  const [competitors, setCompetitors] = useState(competitorsToText(initial.competitors));
  const [labels, setLabels] = useState(listToText(initial.sensitivityLabels));
  const [sensitive, setSensitive] = useState(listToText(initial.sensitiveLabels));
  const [timezone, setTimezone] = useState(initial.defaultTimezone);
  const [start, setStart] = useState(initial.defaultWorkStartHour);
  const [end, setEnd] = useState(initial.defaultWorkEndHour);
  const [weights, setWeights] = useState(initial.riskWeights);
  const [checkError, setCheckError] = useState<z.ZodError | null>(null);
  const problems = useFieldProblems(checkError ?? props.saveError, FIELDS);
  const errors = problems.fields;

  const submit = () => {
    const parsed = configurationSchema.safeParse({
      companyDomains: textToList(companyDomains),
      netbiosDomains: parseNetbios(netbios),
      personalEmailDomains: textToList(personalDomains),
      competitors: parseCompetitors(competitors),
      sensitivityLabels: textToList(labels),
      sensitiveLabels: textToList(sensitive),
      defaultTimezone: timezone.trim(),
      defaultWorkStartHour: start,
      defaultWorkEndHour: end,
      riskWeights: weights,
    });
    if (!parsed.success) {
      setCheckError(parsed.error);
      return;
    }
    setCheckError(null);
    props.onSubmit(parsed.data);
  };

  return (
    <form
      ref={problems.formRef}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      style={{ display: 'grid', gap: 14, maxWidth: 980 }}
    >
      <FormProblem>{problems.form}</FormProblem>
      <div className="grid-2">
        <Card title="Domains">
          <Field
            label="Company domains"
            error={errors.companyDomains}
            hint="One per line; subdomains count as internal."
          >
            <textarea
              className="textarea"
              rows={3}
              value={companyDomains}
              onChange={(e) => setCompanyDomains(e.target.value)}
              disabled={props.disabled}
            />
          </Field>
          <Field
            label="Windows domains"
            error={errors.netbiosDomains}
            hint={'One per line: NETBIOS = company domain, so CORP\\jdoe is jdoe@ that domain.'}
          >
            <textarea
              className="textarea"
              rows={2}
              value={netbios}
              onChange={(e) => setNetbios(e.target.value)}
              disabled={props.disabled}
            />
          </Field>
          <Field
            label="Personal email domains"
            error={errors.personalEmailDomains}
            hint="Mail and shares to these count as going to a personal address."
          >
            <textarea
              className="textarea"
              rows={5}
              value={personalDomains}
              onChange={(e) => setPersonalDomains(e.target.value)}
              disabled={props.disabled}
            />
          </Field>
        </Card>
        <Card title="Competitors">
          <Field
            label="Competitors"
            error={errors.competitors}
            hint="One per line: Name: domain, domain"
          >
            <textarea
              className="textarea"
              rows={9}
              value={competitors}
              onChange={(e) => setCompetitors(e.target.value)}
              disabled={props.disabled}
            />
          </Field>
        </Card>
        <Card title="Sensitivity labels">
          <Field
            label="Labels, least to most sensitive"
            error={errors.sensitivityLabels}
            hint="One per line."
          >
            <textarea
              className="textarea"
              rows={4}
              value={labels}
              onChange={(e) => setLabels(e.target.value)}
              disabled={props.disabled}
            />
          </Field>
          <Field
            label="Sensitive labels"
            error={errors.sensitiveLabels}
            hint="Their movement raises alarms; one per line, from the list above."
          >
            <textarea
              className="textarea"
              rows={2}
              value={sensitive}
              onChange={(e) => setSensitive(e.target.value)}
              disabled={props.disabled}
            />
          </Field>
        </Card>
        <Card title="Working hours and risk">
          <Field
            label="Default time zone"
            error={errors.defaultTimezone}
            hint="For employees without one, e.g. Europe/London."
          >
            <input
              className="input"
              value={timezone}
              onChange={(e) => setTimezone(e.target.value)}
              disabled={props.disabled}
            />
          </Field>
          <div style={{ display: 'flex', gap: 12 }}>
            <Field label="Day starts (hour)" error={errors.defaultWorkStartHour}>
              <input
                className="input"
                type="number"
                min={0}
                max={23}
                value={start}
                onChange={(e) => setStart(Number(e.target.value))}
                disabled={props.disabled}
              />
            </Field>
            <Field label="Day ends (hour)" error={errors.defaultWorkEndHour}>
              <input
                className="input"
                type="number"
                min={1}
                max={24}
                value={end}
                onChange={(e) => setEnd(Number(e.target.value))}
                disabled={props.disabled}
              />
            </Field>
          </div>
          <p className="faint" id="risk-weights-hint" style={{ margin: 0, fontSize: 12 }}>
            Each weight multiplies one part of every case&apos;s risk score (0 leaves that part
            out). A person&apos;s score outside a case counts their alerts under the Incidents
            weight, and has no security hygiene or access requests part (those come from a
            case&apos;s evidence pages). Saving a change analyses every case that is not closed
            again, so scores follow; closed cases keep the score they were closed with.
          </p>
          <div
            role="group"
            aria-label="Risk score weights"
            aria-describedby="risk-weights-hint"
            style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 8 }}
          >
            {WEIGHTS.map(([key, label]) => (
              <Field key={key} label={`${label} weight`} error={errors[`riskWeights.${key}`]}>
                <input
                  className="input"
                  type="number"
                  min={0}
                  max={10}
                  step={0.1}
                  value={weights[key]}
                  onChange={(e) => setWeights({ ...weights, [key]: Number(e.target.value) })}
                  disabled={props.disabled}
                />
              </Field>
            ))}
          </div>
        </Card>
      </div>
      <div className="toolbar">
        <button type="submit" className="button primary" disabled={props.disabled}>
          Save configuration
        </button>
        <button type="button" className="button" onClick={props.onReset} disabled={props.disabled}>
          Discard changes
        </button>
      </div>
    </form>
  );
}
