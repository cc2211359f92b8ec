import type { IdentityState } from '../../shared/schemas/privacy';
import { Tooltip } from './tooltip';
import './identity-badge.css';

const LABELS: Record<IdentityState, string> = {
  pseudonymized: 'pseudonymized',
  revealed: 'revealed',
  open: 'not pseudonymized',
};

const HINTS: Record<IdentityState, string> = {
  pseudonymized:
    'Shown by pseudonym. Reveal identity… (i d) asks to see who this is, with a purpose.',
  revealed: 'Revealed for this investigation until the reveal expires.',
  open: 'Pseudonymization is switched off for the whole installation.',
};

/** The small marker beside a person: whether they show as a pseudonym, revealed, or openly. */
export function IdentityBadge(props: { identity: IdentityState }) {
  return (
    <Tooltip content={HINTS[props.identity]}>
      <span className={`badge identity-${props.identity}`}>{LABELS[props.identity]}</span>
    </Tooltip>
  );
}
