import type { SkipCount } from '../../../shared/schemas/integrations';

/** Kinds of skipped records a batch keeps; past this the rest are counted under one line. */
const MAX_KINDS = 50;
const OTHER_KINDS = 'other kinds of records: not read by Vigil';

/** What records past {@link MAX_KINDS} reasons are counted under, for quarantined ones. */
export const OTHER_QUARANTINE_REASONS = 'other reasons';

/**
 * Counts records by reason: skipped ones ("Sysmon 7 image load: dropped by this integration's
 * settings") or quarantined ones ("no time: Okta records need `published`").
 */
export class SkipCounter {
  private readonly counts = new Map<string, number>();

  constructor(private readonly overflow: string = OTHER_KINDS) {}

  add(reason: string): void {
    const known = this.counts.get(reason);
    if (known !== undefined) this.counts.set(reason, known + 1);
    else if (this.counts.size < MAX_KINDS) this.counts.set(reason, 1);
    else this.counts.set(this.overflow, (this.counts.get(this.overflow) ?? 0) + 1);
  }

  /** The counts, most frequent first. */
  list(): SkipCount[] {
    return [...this.counts]
      .map(([reason, count]) => ({ reason, count }))
      .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason));
  }
}
