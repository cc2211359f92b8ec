import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import { toast } from 'sonner';

import { buildPath } from '../../../shared/routes';
import {
  createDetectionRuleBodySchema,
  ruleFormats,
  testDetectionRuleBodySchema,
} from '../../../shared/schemas/detection-rules';
import type { RuleFormat, TestDetectionRuleReply } from '../../../shared/schemas/detection-rules';
import { createDetectionRule } from '../../api/detection/create-detection-rule';
import { detectionKeys } from '../../api/detection/keys';
import { setRuleTestTarget } from '../../state/detection-rule-target';
import { testDetectionRule } from '../../api/detection/test-detection-rule';
import { CommandButton } from '../../components/command-button';
import { Field, FieldGroup, FormProblem } from '../../components/field';
import { useFieldProblems } from '../../components/field-problems';
import { FormDialog } from '../../components/form-dialog';
import { useKeyLabel } from '../../keymap/key-hint';
import { workspace } from '../../workspace/workspace-controller';
import { formatLabels } from './rule-badges';
import { formatOfFile, guessFormat, lineRange, problemLine } from './rule-text';
import { RuleTestResult } from './rule-test-result';
import './detection.css';

const FIELDS = ['source', 'format', 'days'] as const;

/** A file's text, read in the browser (FileReader: every browser, and jsdom, has it). */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error(`${file.name} could not be read.`));
    reader.readAsText(file);
  });
}

/** What was tested, to tell when the result no longer describes the text. */
interface Tested {
  readonly format: RuleFormat;
  readonly source: string;
  readonly days: string;
  readonly result: TestDetectionRuleReply;
}

/**
 * Adds a detection rule: its text pasted or uploaded (.yml, .yaml or .json, read in the
 * browser), in Vigil's JSON or Sigma (chosen, or told by the text's look until chosen). Test
 * (its own key) shows what it would have found over the last days, storing nothing; Add
 * (Ctrl+Enter) stores it disabled, and the list then shows it. What the server refuses (`line
 * 12: …`) is said beside the text, whose caret goes to that line. `initial` starts it from a
 * text made elsewhere (a saved hunting search's rule), still to be tested and added here.
 */
export function AddRuleDialog(props: {
  onClose: () => void;
  initial?: { format: RuleFormat; source: string };
}) {
  const client = useQueryClient();
  const [chosenFormat, setChosenFormat] = useState<RuleFormat | null>(
    props.initial?.format ?? null,
  );
  const [source, setSource] = useState(props.initial?.source ?? '');
  const [days, setDays] = useState('30');
  const [tested, setTested] = useState<Tested | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState<'test' | 'add' | null>(null);
  const problems = useFieldProblems(error, FIELDS);
  const sourceRef = useRef<HTMLTextAreaElement>(null);
  const submitKey = useKeyLabel('form.submit');
  const testKey = useKeyLabel('detectionRule.test');
  const format = chosenFormat ?? guessFormat(source) ?? 'sigma';

  // A refusal naming a line puts the caret on that line (the field has the focus by then).
  const badLine = problemLine(problems.fields.source);
  useEffect(() => {
    const area = sourceRef.current;
    if (!area || badLine === null || document.activeElement !== area) return;
    const range = lineRange(area.value, badLine);
    if (range) area.setSelectionRange(range.start, range.end);
  }, [badLine, error]);

  const test = async () => {
    if (busy) return;
    const checked = testDetectionRuleBodySchema.safeParse({ format, source, days });
    if (!checked.success) {
      setError(checked.error);
      return;
    }
    setBusy('test');
    setError(null);
    try {
      const result = await testDetectionRule(checked.data);
      setTested({ format, source, days, result });
    } catch (failure) {
      setError(failure);
      setTested(null);
    } finally {
      setBusy(null);
    }
  };
  const latestTest = useRef(test);
  useLayoutEffect(() => {
    latestTest.current = test;
  });
  useEffect(() => setRuleTestTarget({ test: () => void latestTest.current() }), []);

  const add = async () => {
    const checked = createDetectionRuleBodySchema.safeParse({ format, source });
    if (!checked.success) {
      setError(checked.error);
      return;
    }
    setBusy('add');
    setError(null);
    try {
      const reply = await createDetectionRule(checked.data);
      const [first] = reply.rules;
      toast.success(
        reply.rules.length === 1 && first
          ? `Rule added: ${first.title}`
          : `${reply.rules.length} rules added`,
        { description: 'Disabled until you enable it (e in the list).' },
      );
      await client.invalidateQueries({ queryKey: detectionKeys.all });
      props.onClose();
      // The list, unfiltered, with the new rule open beside it and the cursor on it.
      if (first) workspace.navigate(buildPath('detectionRules', {}, { rule: first.id }));
    } catch (failure) {
      setError(failure);
      setBusy(null);
    }
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    try {
      setSource(await readText(file));
    } catch (failure) {
      setError(failure);
      return;
    }
    const byName = formatOfFile(file.name);
    if (byName) setChosenFormat(byName);
    setError(null);
  };

  const stale =
    tested !== null &&
    (tested.source !== source || tested.format !== format || tested.days !== days);
  return (
    <FormDialog
      title="Add detection rule"
      formId="add-rule"
      action={busy === 'add' ? 'Adding…' : 'Add rule'}
      wide
      busy={busy !== null}
      submitKey={submitKey}
      actions={
        <CommandButton
          className="button"
          hint={`What it would find over the last days; nothing is stored${testKey ? ` (${testKey})` : ''}`}
          onClick={() => void test()}
          disabled={busy !== null}
        >
          {busy === 'test' ? 'Testing…' : 'Test'}
          {testKey ? <kbd aria-hidden="true">{testKey}</kbd> : null}
        </CommandButton>
      }
      onSubmit={add}
      onClose={props.onClose}
      formRef={problems.formRef}
    >
      <Field
        label="Rule"
        error={problems.fields.source}
        hint="Paste the rule, or upload its file below."
      >
        <textarea
          ref={sourceRef}
          className="textarea rule-source-input"
          rows={14}
          spellCheck={false}
          autoComplete="off"
          value={source}
          onChange={(event) => setSource(event.target.value)}
          autoFocus
        />
      </Field>
      <FieldGroup
        legend="Format"
        error={problems.fields.format}
        hint={chosenFormat ? undefined : 'Told by the text: JSON is Vigil’s, YAML is Sigma.'}
      >
        <div className="toolbar">
          {ruleFormats.map((value) => (
            <label key={value} className="checkbox">
              <input
                type="radio"
                name="rule-format"
                value={value}
                checked={format === value}
                onChange={() => setChosenFormat(value)}
              />
              {formatLabels[value]}
              <span className="faint">{value === 'vigil' ? ' JSON' : ' YAML'}</span>
            </label>
          ))}
        </div>
      </FieldGroup>
      <div className="rule-add-actions">
        <Field label="Upload a file" hint=".yml, .yaml or .json">
          <input
            type="file"
            className="input"
            accept=".yml,.yaml,.json,application/json,application/yaml,text/yaml"
            onChange={(event) => void onFile(event)}
          />
        </Field>
        <Field label="Test over the last (days)" error={problems.fields.days}>
          <input
            className="input"
            type="number"
            inputMode="numeric"
            min={1}
            max={90}
            value={days}
            onChange={(event) => setDays(event.target.value)}
          />
        </Field>
      </div>
      <FormProblem>{problems.form}</FormProblem>
      {tested ? <RuleTestResult result={tested.result} stale={stale} /> : null}
    </FormDialog>
  );
}
