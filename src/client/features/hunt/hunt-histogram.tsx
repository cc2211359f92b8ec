import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';

import type { HuntScope } from '../../api/hunt/hunt';
import { huntHistogramQuery } from '../../api/hunt/hunt';
import { formatDateTime, formatNumber } from '../../components/format';

/**
 * Events over time, one bar per bucket with events. The bars take the keys: arrows move
 * between them, Enter narrows the hunt to the bar's time.
 */
export function HuntHistogram(props: {
  scope: HuntScope;
  onNarrow: (from: number, to: number) => void;
}) {
  const histogram = useQuery(huntHistogramQuery(props.scope));
  const bars = useRef<HTMLDivElement>(null);
  const buckets = histogram.data?.buckets ?? [];
  const bucketMs = histogram.data?.bucketMs ?? 0;
  const most = Math.max(1, ...buckets.map((b) => b.count));

  const move = (event: React.KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = { ArrowRight: 1, ArrowLeft: -1, Home: -index, End: buckets.length - 1 - index }[
      event.key
    ];
    if (step === undefined) return;
    event.preventDefault();
    const next = Math.min(buckets.length - 1, Math.max(0, index + step));
    bars.current?.querySelectorAll<HTMLButtonElement>('button')[next]?.focus();
  };

  if (histogram.isError) return null;
  return (
    <div className="hunt-histogram" role="toolbar" aria-label="Events over time" ref={bars}>
      {buckets.length === 0 && histogram.isSuccess ? (
        <p className="faint">No events in this range.</p>
      ) : null}
      {buckets.map((bucket, index) => {
        const label = `${formatDateTime(bucket.start)}: ${formatNumber(bucket.count)} events`;
        return (
          <button
            key={bucket.start}
            type="button"
            className="hunt-bar"
            aria-label={label}
            title={label}
            tabIndex={index === 0 ? 0 : -1}
            style={{ height: `${Math.max(4, (bucket.count / most) * 100)}%` }}
            onKeyDown={(event) => move(event, index)}
            onClick={() => props.onNarrow(bucket.start, bucket.start + bucketMs)}
          />
        );
      })}
    </div>
  );
}
