const UNITS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
const PATTERN = /^([1-9]\d{0,3})([mhd])$/;

/** Whether a rule's duration reads like `30m`, `4h` or `7d`. */
export function isDuration(text: string): boolean {
  return PATTERN.test(text);
}

/** A rule duration in milliseconds; call only on text that passed {@link isDuration}. */
export function durationMs(text: string): number {
  const match = PATTERN.exec(text);
  if (!match) throw new Error(`"${text}" is not a duration such as 30m, 4h or 7d.`);
  return Number(match[1]) * UNITS[match[2] as keyof typeof UNITS];
}

/** A duration for a sentence: "3 h 20 min", "2 days", "45 s". */
export function describeDuration(ms: number): string {
  const abs = Math.max(0, Math.round(ms));
  if (abs < 60_000) return `${Math.round(abs / 1000)} s`;
  if (abs < 3_600_000) return `${Math.round(abs / 60_000)} min`;
  if (abs < 2 * 86_400_000) {
    const hours = Math.floor(abs / 3_600_000);
    const minutes = Math.round((abs % 3_600_000) / 60_000);
    return minutes === 0 || hours >= 10
      ? `${Math.round(abs / 3_600_000)} h`
      : `${hours} h ${minutes} min`;
  }
  const days = Math.round(abs / 86_400_000);
  return `${days} days`;
}
