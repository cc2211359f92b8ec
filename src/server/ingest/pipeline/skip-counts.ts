import type { SkipCount } from '../../../shared/schemas/integrations';

/** Kinds of skipped records a batch keeps; past this the rest are counted under one line. */
const MAX_KINDS = 50;
const OTHER_KINDS = 'other kinds of records: not read by Vigil';

/** Counts skipped records by reason ("Sysmon 7 image load: not used by any finding"). */
export class SkipCounter {
  private readonly counts = new Map<string, number>();

  add(reason: string): void {
    const known = this.counts.get(reason);
    if (known !== undefined) this.counts.set(reason, known + 1);
    else if (this.counts.size < MAX_KINDS) this.counts.set(reason, 1);
    else this.counts.set(OTHER_KINDS, (this.counts.get(OTHER_KINDS) ?? 0) + 1);
  }

  /** The counts, most frequent first. */
  list(): SkipCount[] {
    return [...this.counts]
      .map(([reason, count]) => ({ reason, count }))
      .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason));
  }
}
