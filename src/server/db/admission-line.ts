/**
 * The requests of one database waiting for their first connection (db/admission.ts), in
 * arrival order, with what the line knows of its own pace: how often it lets a request in while
 * it is busy, and how long an admitted request then takes to be answered. A request that has
 * waited its overload limit while others still arrive is judged by when it would be answered:
 * if that is within the answer budget (2 s) from its arrival it goes on waiting, so a crowd is
 * served as long as it drains in time; if it would be answered later it is refused now with
 * 503, so those answered are answered in time (with 200 clients each would otherwise wait 200
 * requests' time) and the database stays busy with work whose client still waits. A line that
 * nobody has joined for half a second only drains (a burst): its requests keep their full limit,
 * since a 503 would answer nobody else sooner. The control
 * is CoDel's (a request is judged by the time it has already waited, when that time comes), as
 * in Facebook's "Fail at Scale" (ACM Queue, 2015), with the horizon taken from the answer
 * budget rather than from the wait alone.
 */
export class AdmissionLine {
  private readonly places = new Set<Place>();
  private nonEmptySince = 0;
  private lastJoinedAt = Number.NEGATIVE_INFINITY;
  private lastAdmittedAt = Number.NEGATIVE_INFINITY;
  /** The mean time between two admissions while the line did not empty (EWMA), or NaN. */
  private admissionIntervalMs = Number.NaN;
  /** The mean time from admission to answer of the requests let in (EWMA), or 0. */
  private serviceMs = 0;

  constructor(
    private readonly standingMs = 1_000,
    /** Jitter in [0, 1) for Retry-After, so refused clients do not all come back together. */
    private readonly random: () => number = Math.random,
  ) {}

  /** Whether the line has not emptied for `standingMs`. */
  standing(now = performance.now()): boolean {
    return this.places.size > 0 && now - this.nonEmptySince >= this.standingMs;
  }

  /** How many requests wait in the line. */
  get waiting(): number {
    return this.places.size;
  }

  /**
   * How long the requests waiting now will take to be let in, at the line's recent pace, or
   * null before the line has been seen moving.
   */
  drainMs(): number | null {
    return Number.isNaN(this.admissionIntervalMs)
      ? null
      : this.places.size * this.admissionIntervalMs;
  }

  /**
   * The Retry-After (whole seconds) for a refused request: the line's drain time, stretched by
   * up to as much again at random so refused clients do not come back in one crowd; `fallback`
   * before the line has been seen moving (a single long hold says nothing of its pace).
   */
  retryAfterSeconds(fallback: number): number {
    const drain = this.drainMs();
    if (drain === null) return fallback;
    return Math.min(60, Math.max(1, Math.ceil((drain / 1000) * (1 + this.random()))));
  }

  /** Counts a request into the line at its end. */
  join(now = performance.now()): Place {
    if (this.places.size === 0) this.nonEmptySince = now;
    this.lastJoinedAt = now;
    const place = new Place(this, this.standing(now), this.lastAdmittedAt);
    this.places.add(place);
    return place;
  }

  /**
   * How much longer `place` may wait, judged once it has waited `waitedMs`. When the line has
   * not moved since it joined (one long hold, whose end serves everyone): its full limit
   * (Infinity), or nothing if it joined a line that already stood still. When nobody has
   * joined for half of `standingMs`, the line only drains (a burst, such as 100 sign-ins at
   * once): its full limit too, since a 503 would only tell it sooner, and nobody behind would be
   * answered earlier for it. Otherwise (a crowd still arriving) until the last moment its answer would still come within `budgetMs`
   * of its arrival, counting the work of those ahead at the line's pace and its own at the
   * mean time of an answer; nothing (it is refused now) when at that pace its answer would come
   * later.
   */
  graceMs(place: Place, waitedMs: number, budgetMs: number): number {
    if (this.lastAdmittedAt === place.lastAdmittedBefore) {
      return place.joinedStanding ? 0 : Number.POSITIVE_INFINITY;
    }
    const now = performance.now();
    if (now - this.lastJoinedAt >= this.standingMs / 2) return Number.POSITIVE_INFINITY;
    const latest = budgetMs - this.serviceMs - waitedMs;
    const pace = Number.isNaN(this.admissionIntervalMs) ? 0 : this.admissionIntervalMs;
    return this.ahead(place) * pace >= latest ? 0 : latest;
  }

  /** Counts in how long a request let in by this line took, from admission to its answer. */
  answered(serviceMs: number): void {
    this.serviceMs = this.serviceMs === 0 ? serviceMs : this.serviceMs * 0.8 + serviceMs * 0.2;
  }

  /** @internal Called by Place. */
  leave(place: Place, admitted: boolean, now: number): void {
    if (!this.places.delete(place) || !admitted) return;
    // Only an interval over which the line never emptied measures its pace.
    if (this.lastAdmittedAt >= this.nonEmptySince) {
      const interval = now - this.lastAdmittedAt;
      this.admissionIntervalMs = Number.isNaN(this.admissionIntervalMs)
        ? interval
        : this.admissionIntervalMs * 0.8 + interval * 0.2;
    }
    this.lastAdmittedAt = now;
  }

  /** How many requests wait ahead of `place`. */
  private ahead(place: Place): number {
    let ahead = 0;
    for (const other of this.places) {
      if (other === place) return ahead;
      ahead += 1;
    }
    return ahead;
  }
}

/** One request's place in an AdmissionLine. */
export class Place {
  private left = false;

  constructor(
    private readonly line: AdmissionLine,
    /** Whether the line already stood (had not emptied for a while) when the request joined. */
    readonly joinedStanding: boolean,
    /** When the line last let a request in before this one joined. */
    readonly lastAdmittedBefore: number,
  ) {}

  /** Counts the request out of the line, let in (`admitted`) or refused. */
  leave(admitted: boolean, now = performance.now()): void {
    if (this.left) return;
    this.left = true;
    this.line.leave(this, admitted, now);
  }
}
