import { useState } from 'react';
import { toast } from 'sonner';

import { revealRequestSchema } from '../../../shared/schemas/privacy';
import { useCaseReveals, useRequestReveal, useRevealPeople } from '../../api/privacy/case-reveals';
import { Field } from '../../components/field';
import { useFieldProblems } from '../../components/field-problems';
import { FormDialog } from '../../components/form-dialog';
import { formatDateTime } from '../../components/format';
import { RevealStatusText } from './reveal-status';
import './privacy.css';

const FIELDS = ['employeeId', 'purpose'] as const;

/**
 * Asks to reveal who a pseudonymized person of a case is: the person (the subject unless
 * chosen), and the purpose, which the privacy officer and the audit log read. Ctrl+Enter sends.
 * Shows the case's requests for that person, pending or granted with their expiry.
 */
export function RevealDialog(props: {
  investigationId: string;
  employeeId?: string;
  onClose: () => void;
}) {
  const people = useRevealPeople(props.investigationId);
  const reveals = useCaseReveals(props.investigationId);
  const requestReveal = useRequestReveal(props.investigationId);
  const [chosen, setChosen] = useState<string | null>(props.employeeId ?? null);
  const [purpose, setPurpose] = useState('');
  const [checkError, setCheckError] = useState<unknown>(null);
  const problems = useFieldProblems(checkError ?? requestReveal.error, FIELDS);
  const list = people.data?.people ?? [];
  const employeeId = chosen ?? list[0]?.employee.id ?? '';
  const person = list.find((p) => p.employee.id === employeeId);
  const previous = (reveals.data?.reveals ?? []).filter((r) => r.employeeId === employeeId);
  const holding = previous.find((r) => r.status === 'pending' || r.status === 'granted');

  const submit = () => {
    const parsed = revealRequestSchema.safeParse({ employeeId, purpose });
    if (!parsed.success) {
      setCheckError(parsed.error);
      return;
    }
    setCheckError(null);
    requestReveal.mutate(parsed.data, {
      onSuccess: (reveal) => {
        toast.success(
          reveal.status === 'granted'
            ? `Revealed until ${formatDateTime(reveal.expiresAt)}`
            : 'Request sent: a privacy officer decides it',
        );
        props.onClose();
      },
    });
  };

  return (
    <FormDialog
      title="Reveal identity"
      formId="reveal-identity-form"
      action="Ask to reveal"
      wide
      busy={requestReveal.isPending}
      ready={employeeId !== ''}
      onSubmit={submit}
      onClose={props.onClose}
      formRef={problems.formRef}
    >
      <p className="faint">
        People in a case show by pseudonym. Revealing one shows them by name in this investigation
        only, for a limited time; the request, its purpose and every use are recorded in the audit
        log.
      </p>
      <Field
        label="Person"
        error={problems.fields.employeeId}
        hint={
          person
            ? person.role === 'subject'
              ? 'The subject of this investigation.'
              : `Appears in the subject's events (${person.contacts} messages or shares).`
            : people.isPending
              ? 'Loading the people of this investigation…'
              : undefined
        }
      >
        <select
          className="select"
          value={employeeId}
          onChange={(event) => setChosen(event.target.value)}
        >
          {list.map((p) => (
            <option key={p.employee.id} value={p.employee.id}>
              {p.employee.fullName}
              {p.role === 'subject' ? ' (subject)' : ''}
              {p.employee.department ? ` · ${p.employee.department}` : ''}
            </option>
          ))}
        </select>
      </Field>
      <Field
        label="Purpose"
        error={problems.fields.purpose ?? problems.form}
        hint="Why you need to see who this is (at least 10 characters). Ctrl+Enter sends."
      >
        <textarea
          className="textarea"
          rows={5}
          value={purpose}
          onChange={(event) => setPurpose(event.target.value)}
        />
      </Field>
      {holding ? (
        <p className="reveal-holding" role="status">
          Already requested by {holding.requestedBy.displayName}:{' '}
          <RevealStatusText status={holding.status} expiresAt={holding.expiresAt} />
        </p>
      ) : null}
      {previous.length > 0 ? (
        <ul className="reveal-history" aria-label="Requests for this person in this case">
          {previous.map((r) => (
            <li key={r.id}>
              <RevealStatusText status={r.status} expiresAt={r.expiresAt} />{' '}
              {formatDateTime(r.requestedAt)} by {r.requestedBy.displayName}: {r.purpose}
            </li>
          ))}
        </ul>
      ) : null}
    </FormDialog>
  );
}
