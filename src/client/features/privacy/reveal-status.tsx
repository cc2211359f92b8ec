import type { RevealStatus } from '../../../shared/schemas/privacy';

// A chip, not a sentence: the day and time fit ("until Nov 29, 7:00 PM"); the year was what
// pushed the time out of it.
const untilFormat = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

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
        ? ` until ${untilFormat.format(props.expiresAt)}`
        : ''}
    </span>
  );
}
