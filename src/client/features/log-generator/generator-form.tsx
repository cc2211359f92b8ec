import { useState } from 'react';
import type { FormEvent } from 'react';

import type { GeneratorRunBody, GeneratorScenarioId } from '../../../shared/schemas/log-generator';
import {
  defaultGeneratorScenarios,
  generatorScenarioIds,
  generatorScenarioLabels,
} from '../../../shared/schemas/log-generator';
import { DEMO_ORGANIZATION } from '../../../shared/demo-organization';
import { Field } from '../../components/field';

/** The generator's options, as the command line takes them. */
export function GeneratorForm(props: {
  disabled: boolean;
  error: string | null;
  onStart: (body: GeneratorRunBody) => void;
}) {
  const [employees, setEmployees] = useState(String(DEMO_ORGANIZATION.employees));
  const [days, setDays] = useState('7');
  const [seed, setSeed] = useState(String(DEMO_ORGANIZATION.seed));
  const [endDate, setEndDate] = useState('');
  const [rate, setRate] = useState('45');
  const [counts, setCounts] = useState<Record<GeneratorScenarioId, string>>(
    () =>
      Object.fromEntries(defaultGeneratorScenarios.map((s) => [s.id, String(s.count)])) as Record<
        GeneratorScenarioId,
        string
      >,
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    props.onStart({
      employees: Number(employees),
      days: Number(days),
      seed: Number(seed),
      eventsPerWorkday: Number(rate),
      ...(endDate ? { endDate } : {}),
      scenarios: generatorScenarioIds.map((id) => ({ id, count: Number(counts[id] || 0) })),
    });
  };
  const number = (value: string, set: (v: string) => void, min: number, max: number) => (
    <input
      className="input"
      type="number"
      inputMode="numeric"
      min={min}
      max={max}
      required
      value={value}
      onChange={(e) => set(e.target.value)}
    />
  );

  return (
    <form
      className="card-body"
      onSubmit={onSubmit}
      aria-label="Generator options"
      style={{ display: 'grid', gap: 12 }}
    >
      <div className="generator-form">
        <Field label="Employees">{number(employees, setEmployees, 1, 2000)}</Field>
        <Field label="Days">{number(days, setDays, 1, 365)}</Field>
        <Field
          label="Seed"
          hint={`Same seed, same data. The demo organization is seed ${DEMO_ORGANIZATION.seed} with ${DEMO_ORGANIZATION.employees} people; another seed or size needs an empty database.`}
        >
          {number(seed, setSeed, 0, 4294967295)}
        </Field>
        <Field label="Events per person per workday">{number(rate, setRate, 1, 500)}</Field>
        <Field label="Last day" hint="Empty: today, up to now">
          <input
            className="input"
            type="date"
            value={endDate}
            onChange={(e) => setEndDate(e.target.value)}
          />
        </Field>
      </div>
      <fieldset className="generator-scenarios">
        <legend>Storylines (people per storyline)</legend>
        {generatorScenarioIds.map((id) => (
          <label key={id} className="generator-scenario">
            <input
              className="input"
              type="number"
              min={0}
              max={20}
              value={counts[id]}
              aria-label={`${generatorScenarioLabels[id]}: people`}
              onChange={(e) => setCounts((c) => ({ ...c, [id]: e.target.value }))}
            />
            <span>{generatorScenarioLabels[id]}</span>
          </label>
        ))}
      </fieldset>
      {props.error ? (
        <div className="alert error" role="alert">
          {props.error}
        </div>
      ) : null}
      <div>
        <button type="submit" className="button primary" disabled={props.disabled}>
          Generate and ingest
        </button>
      </div>
    </form>
  );
}
