/**
 * A small seeded pseudo-random generator (sfc32) and the sampling helpers the generator needs.
 *
 * Every stream of randomness is derived from the user's seed plus a label (source, employee,
 * day...), so a source can be regenerated on its own and still produce the same bytes: nothing
 * depends on the order in which other sources or employees were generated.
 */

/** cyrb128: a fast string hash giving four 32-bit words, used to seed sfc32. */
function hash128(text: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

/** A stable 32-bit hash of a string, for ids that must not depend on any random stream. */
export function hash32(text: string): number {
  return hash128(text)[0];
}

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const UPPER_ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A deterministic random stream. Never shared between sources, so each stays reproducible. */
export class Prng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  /** Seeds the stream from a label; equal labels give equal streams. */
  constructor(label: string) {
    [this.a, this.b, this.c, this.d] = hash128(label);
    // sfc32 needs a few rounds before its output is well mixed.
    for (let i = 0; i < 12; i++) this.next();
  }

  /** 32 random bits as an unsigned integer. */
  uint32(): number {
    this.a >>>= 0;
    this.b >>>= 0;
    this.c >>>= 0;
    this.d >>>= 0;
    let t = (this.a + this.b) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.d = (this.d + 1) | 0;
    t = (t + this.d) | 0;
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    return this.uint32() / 4294967296;
  }

  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** A float in [min, max). */
  range(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** One element chosen with the given relative weights. */
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, w] of items) total += w;
    let r = this.next() * total;
    for (const [item, w] of items) {
      r -= w;
      if (r < 0) return item;
    }
    const last = items[items.length - 1];
    if (!last) throw new Error('weighted pick from an empty list');
    return last[0];
  }

  /** A normally distributed value (Box-Muller). */
  normal(mean: number, sd: number): number {
    const u = 1 - this.next();
    const v = this.next();
    return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** A Poisson-distributed count; Knuth's method below 30, a rounded normal above. */
  poisson(lambda: number): number {
    if (lambda <= 0) return 0;
    if (lambda > 30) return Math.max(0, Math.round(this.normal(lambda, Math.sqrt(lambda))));
    const limit = Math.exp(-lambda);
    let k = 0;
    let p = this.next();
    while (p > limit) {
      k++;
      p *= this.next();
    }
    return k;
  }

  /** k distinct elements in random order (all of them when k exceeds the list). */
  sample<T>(items: readonly T[], k: number): T[] {
    const copy = items.slice();
    const n = Math.min(k, copy.length);
    for (let i = 0; i < n; i++) {
      const j = i + Math.floor(this.next() * (copy.length - i));
      const tmp = copy[i] as T;
      copy[i] = copy[j] as T;
      copy[j] = tmp;
    }
    return copy.slice(0, n);
  }

  /**
   * A string of n characters from an alphabet of at most 64. Each 32-bit draw yields five
   * characters (6 bits each): ids are made by the hundred thousand, and the slight bias of the
   * modulo does not matter for synthetic identifiers.
   */
  chars(n: number, alphabet: string): string {
    let out = '';
    let word = 0;
    for (let i = 0; i < n; i++) {
      const slot = i % 5;
      if (slot === 0) word = this.uint32();
      out += alphabet[((word >>> (slot * 6)) & 63) % alphabet.length];
    }
    return out;
  }

  /** n lowercase hex digits. */
  hex(n: number): string {
    let out = '';
    while (out.length < n) out += this.uint32().toString(16).padStart(8, '0');
    return out.slice(0, n);
  }

  /** n mixed-case letters and digits. */
  alnum(n: number): string {
    return this.chars(n, ALNUM);
  }

  /** n uppercase letters and digits (Slack and ServiceNow style ids). */
  upperAlnum(n: number): string {
    return this.chars(n, UPPER_ALNUM);
  }

  /** A version-4 UUID in lowercase. */
  uuid(): string {
    const h = this.hex(32);
    const variant = '89ab'[this.uint32() & 3] ?? '8';
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
  }
}

/** The stream for one purpose, e.g. `prngFor(7, 'okta', 'E10042', '2026-11-19')`. */
export function prngFor(seed: number, ...labels: (string | number)[]): Prng {
  return new Prng(`${seed}|${labels.join('|')}`);
}

const stableUuids = new Map<string, string>();

/**
 * A UUID that depends only on a label (mailbox ids, site ids): the same in every stream.
 * Memoized, as the same few hundred labels are asked for on every record.
 */
export function stableUuid(label: string): string {
  let id = stableUuids.get(label);
  if (id === undefined) {
    id = new Prng(`uuid|${label}`).uuid();
    stableUuids.set(label, id);
  }
  return id;
}
