import { useMe } from '../../api/auth/me';
import { useCaseReveals } from '../../api/privacy/case-reveals';
import { CaseCommandButton } from './case-command-button';

/**
 * "Withdraw request…" beside the subject while the caller's own request to reveal someone in
 * this case waits for a privacy officer; nothing otherwise.
 */
export function WithdrawRevealButton(props: { investigationId: string }) {
  const me = useMe();
  const reveals = useCaseReveals(props.investigationId);
  const waiting = (reveals.data?.reveals ?? []).some(
    (r) => r.status === 'pending' && r.requestedBy.id === me.data?.user.id,
  );
  if (!waiting) return null;
  return (
    <CaseCommandButton
      command="reveal.withdraw"
      hint="Withdraw your request to reveal who this is"
      disabledReason={null}
    >
      Withdraw request…
    </CaseCommandButton>
  );
}
