import type { RevealStatus } from '../../../shared/schemas/privacy';
import { formatDateTime } from '../../components/format';

export const revealStatusLabels: Record<RevealStatus, string> = {
  pending: 'Pending',
  granted: 'Granted',
  denied: 'Denied',
  withdrawn: 'Withdrawn',
  expired: 'Expired',
};

/** A reveal's status in words, with its expiry while it holds. */
export function RevealStatusText(props: { status: RevealStatus; expiresAt: number | null }) {
  return (
    <span className={`badge reveal-${props.status}`}>
      {revealStatusLabels[props.status]}
      {props.status === 'granted' && props.expiresAt
        ? ` until ${formatDateTime(props.expiresAt)}`
        : ''}
    </span>
  );
}
