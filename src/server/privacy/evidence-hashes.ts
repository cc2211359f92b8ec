import { createHmac } from 'node:crypto';

import type { HashKind } from '../../shared/schemas/findings/pins';
import type { IdentityDirectory } from './identity-directory';
import type { IdentityPolicy } from './identity-policy';
import { redactText } from './redactor';

/**
 * How one reader is shown the hashes of one piece of evidence: the SHA-256 itself, or keyed.
 * A SHA-256 of a raw record that names someone the reader sees as a pseudonym is a name test:
 * put each directory name in place of the pseudonym, hash, compare (issue 23). So a hash is
 * shown as itself only when the reader sees everything it covers (pseudonymization off, or no
 * one in the hashed text hidden from them: everyone in it revealed for the case); otherwise as
 * HMAC-SHA-256 of that SHA-256 under the installation's evidence key, which nobody can
 * recompute from a guess, and which is still the same value wherever the same reader meets the
 * same evidence (locker, Verify, report, ZIP), and changes when the evidence does.
 */
export interface ShownHashes {
  kind: HashKind;
  show(sha256: string): string;
}

/** Decides, from the texts a piece of evidence's hashes cover, how they are shown. */
export type EvidenceHashes = (hashedTexts: readonly string[]) => ShownHashes;

/** HMAC-SHA-256 (hex) of a SHA-256 (hex) under the installation's evidence key. */
export function keyedHash(key: string, sha256: string): string {
  return createHmac('sha256', key).update(sha256).digest('hex');
}

/** The evidence hashes of one reader: their identity policy over the current directory. */
export function evidenceHashes(
  key: string,
  directory: IdentityDirectory,
  policy: IdentityPolicy,
): EvidenceHashes {
  const plain: ShownHashes = { kind: 'sha256', show: (sha256) => sha256 };
  const keyed: ShownHashes = { kind: 'hmac-sha256', show: (sha256) => keyedHash(key, sha256) };
  if (!policy.pseudonymize || directory.size === 0) return () => plain;
  return (texts) =>
    texts.every((text) => redactText(text, directory, policy, true) === text) ? plain : keyed;
}
