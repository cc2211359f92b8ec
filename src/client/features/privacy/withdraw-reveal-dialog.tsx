import { useState } from 'react';
import { toast } from 'sonner';

import { useMe } from '../../api/auth/me';
import { useCaseReveals, useWithdrawReveal } from '../../api/privacy/case-reveals';
import { Field } from '../../components/field';
import { fieldProblems } from '../../components/field-problems';
import { FormDialog } from '../../components/form-dialog';
import { formatDateTime } from '../../components/format';

/**
 * Asks before the caller's own pending request to reveal someone in a case is withdrawn: names
 * the person and the purpose. Cancel has the focus, so the keys that opened it followed by Enter
 * withdraw nothing; Tab to Withdraw (or Ctrl+Enter) confirms. With several requests waiting,
 * the person is chosen first.
 */
export function WithdrawRevealDialog(props: { investigationId: string; onClose: () => void }) {
  const me = useMe();
  const reveals = useCaseReveals(props.investigationId);
  const withdraw = useWithdrawReveal(props.investigationId);
  const own = (reveals.data?.reveals ?? []).filter(
    (r) => r.status === 'pending' && r.requestedBy.id === me.data?.user.id,
  );
  const [chosen, setChosen] = useState<string | null>(null);
  const reveal = own.find((r) => r.id === chosen) ?? own[0];

  const onSubmit = () => {
    if (!reveal) return;
    withdraw.mutate(reveal.id, {
      onSuccess: (done) => {
        toast.success(`Request withdrawn: ${done.employee.fullName} stays pseudonymized`);
        props.onClose();
      },
    });
  };

  return (
    <FormDialog
      title="Withdraw reveal request"
      formId="withdraw-reveal-form"
      action="Withdraw request"
      tone="danger"
      busy={withdraw.isPending}
      ready={reveal !== undefined}
      problem={fieldProblems(withdraw.error, []).form}
      onSubmit={onSubmit}
      onClose={props.onClose}
    >
      {own.length > 1 ? (
        <Field label="Request">
          <select
            className="select"
            value={reveal?.id ?? ''}
            onChange={(event) => setChosen(event.target.value)}
          >
            {own.map((r) => (
              <option key={r.id} value={r.id}>
                {r.employee.fullName}, asked {formatDateTime(r.requestedAt)}
              </option>
            ))}
          </select>
        </Field>
      ) : null}
      {reveal ? (
        <p style={{ margin: 0 }}>
          Withdraw your request of {formatDateTime(reveal.requestedAt)} to reveal{' '}
          <strong>{reveal.employee.fullName}</strong>? A privacy officer will no longer see it; the
          request and its withdrawal stay in the audit log. Purpose: {reveal.purpose}
        </p>
      ) : (
        <p className="muted" style={{ margin: 0 }}>
          {reveals.isPending
            ? 'Loading your requests…'
            : 'You have no request waiting to reveal someone in this investigation.'}
        </p>
      )}
    </FormDialog>
  );
}
