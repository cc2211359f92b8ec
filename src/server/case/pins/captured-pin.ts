import type { RawHash } from '../../../shared/schemas/findings/pins';
import { canonicalJson, sha256Hex } from '../../privacy/canonical-json';

/** What the server captured for a pin, before it is stored. */
export interface CapturedPin {
  kind: 'events' | 'finding';
  /** What is pinned, stable within its kind: one live pin per case, kind and ref. */
  ref: string;
  label: string;
  page: string | null;
  content: Record<string, unknown>;
  rawHashes: RawHash[];
}

/** The content's canonical JSON (as stored) and its SHA-256 (as stored beside it). */
export function sealContent(content: unknown): { contentJson: string; contentSha256: string } {
  const contentJson = canonicalJson(content);
  return { contentJson, contentSha256: sha256Hex(contentJson) };
}

/** A label cut to what the locker shows. */
export function shortLabel(text: string): string {
  return text.length > 300 ? `${text.slice(0, 299)}…` : text;
}
