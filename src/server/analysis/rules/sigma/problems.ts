/**
 * Why Vigil refuses (part of) a Sigma text: the line of the construct (1-based; null when the
 * problem is the text as a whole) and a sentence that names the construct, starting with
 * "line N:" so it reads on its own (`line 12: the modifier "utf16le" is not supported`).
 */
export interface SigmaProblem {
  line: number | null;
  message: string;
}

/**
 * Thrown by the compiler's parts at the first construct they cannot honour; the entry point
 * turns it into a {@link SigmaProblem}. Nothing is ever compiled half-way: one refusal in a
 * text means no rule from that text.
 */
export class SigmaRefusal extends Error {
  readonly line: number | null;

  constructor(line: number | null, reason: string) {
    super(line === null ? reason : `line ${line}: ${reason}`);
    this.name = 'SigmaRefusal';
    this.line = line;
  }
}

/** Refuses the construct at `line`: `reason` is a sentence without the "line N:" prefix. */
export function refuse(line: number | null, reason: string): never {
  throw new SigmaRefusal(line, reason);
}

/** The problem a refusal stands for. */
export function problemOf(refusal: SigmaRefusal): SigmaProblem {
  return { line: refusal.line, message: refusal.message };
}
