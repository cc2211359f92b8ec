import type { EvidenceHashes } from '../../privacy/evidence-hashes';
import type { IdentityDirectory } from '../../privacy/identity-directory';
import type { IdentityPolicy } from '../../privacy/identity-policy';
import { redactText } from '../../privacy/redactor';
import { canonicalJson } from '../../privacy/canonical-json';
import type { GatheredReport } from './gather-report';
import type { ReportModel, ReportPin } from './report-model';

/**
 * How an export hides people (issue 17): the PDF and the ZIP are streams that the reply hook
 * cannot redact, so they redact as they are made, each at one place: the report's model once
 * (every string the PDF and HTML print, pins' raw records included), and each text file of the
 * ZIP chunk by chunk as it is written (a chunk is whole CSV lines or a whole JSON file). Names,
 * addresses and account names of employees become their pseudonyms, the same ones everywhere,
 * except those revealed for the case.
 */
export interface ExportRedaction {
  /** Whether people are pseudonymized (the installation's setting). */
  readonly pseudonymize: boolean;
  /** False when nothing is redacted (pseudonymization off, or an empty directory). */
  readonly active: boolean;
  /** How many people show as themselves in this case because of a reveal. */
  readonly revealed: number;
  /** Plain text: CSV lines, report strings. */
  text: (text: string) => string;
  /** Serialized JSON (escapes separate words). */
  json: (text: string) => string;
  /** How pins' hashes show in this export: keyed where it does not show the content whole. */
  hashes: EvidenceHashes;
}

/** A gathered case whose model is already redacted, and how to redact what is made from it. */
export interface RedactedReport extends GatheredReport {
  redaction: ExportRedaction;
}

export function exportRedaction(
  directory: IdentityDirectory,
  policy: IdentityPolicy,
  hashes: EvidenceHashes,
): ExportRedaction {
  const active = policy.pseudonymize && directory.size > 0;
  return {
    pseudonymize: policy.pseudonymize,
    active,
    revealed: policy.pseudonymize ? policy.revealed.size : 0,
    text: active ? (text) => redactText(text, directory, policy, false) : (text) => text,
    json: active ? (text) => redactText(text, directory, policy, true) : (text) => text,
    hashes,
  };
}

/**
 * The report's model with every string redacted: one pass over its JSON, so no field (a
 * finding table's cell, an incident's timeline line, a note, a pin's raw record, the case's
 * title) can be missed by a renderer. The model holds only JSON values (times are numbers).
 */
export function redactReportModel(model: ReportModel, redaction: ExportRedaction): ReportModel {
  const hashed = { ...model, pins: model.pins.map((pin) => showPinHashes(pin, redaction.hashes)) };
  if (!redaction.active) return hashed;
  return JSON.parse(redaction.json(JSON.stringify(hashed))) as ReportModel;
}

/** A pin's hashes as the export shows them, decided from its content before it is redacted. */
function showPinHashes(pin: ReportPin, hashes: EvidenceHashes): ReportPin {
  const shown = hashes([canonicalJson(pin.content)]);
  return {
    ...pin,
    hash: shown.kind,
    contentSha256: pin.contentSha256 === null ? null : shown.show(pin.contentSha256),
    rawHashes: pin.rawHashes.map((h) => ({ eventId: h.eventId, sha256: shown.show(h.sha256) })),
  };
}

/** What a reader of the export is told about identities in it (manifest.json). */
export interface ExportIdentities {
  pseudonymized: boolean;
  revealedPeople: number;
  note: string;
}

export function exportIdentities(redaction: ExportRedaction): ExportIdentities {
  return {
    pseudonymized: redaction.pseudonymize,
    revealedPeople: redaction.revealed,
    note: redaction.pseudonymize
      ? 'Employees are pseudonymized in every file (names, email addresses and account names, inside raw records too), the same person as the same pseudonym throughout, except people whose identity was revealed for this case when it was exported. The SHA-256 of each file here is of the file as exported. A pin’s contentSha256 and rawHashes are of the content as captured, before pseudonymization: where this export shows that content whole (everyone in it revealed), they are its SHA-256 (hash: sha256); elsewhere they are HMAC-SHA-256 of that SHA-256 under the installation’s evidence key (hash: hmac-sha256), so they cannot be recomputed from a guessed name. Either way Vigil’s Verify checks them against the stored evidence.'
      : 'Identities are as recorded: pseudonymization was off for this export. The SHA-256 of each file here is of the file as exported; a pin’s contentSha256 and rawHashes are the SHA-256 of the content as captured (hash: sha256).',
  };
}
