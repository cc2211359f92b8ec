/** Sensitivity labels, lowest to highest; a file may also carry none. */
export const sensitivityLabels = [
  'Public',
  'Internal',
  'Confidential',
  'Highly Confidential',
] as const;

/** One sensitivity label. */
export type SensitivityLabel = (typeof sensitivityLabels)[number];

/** Stable Microsoft Purview label GUIDs, so M365 records carry an id as well as a name. */
export const labelIds: Record<SensitivityLabel, string> = {
  Public: '0c8d2d6e-8f25-4a4a-9c4e-1f0b7d9a5c01',
  Internal: '3f1c5a7b-2d4e-4b8f-a6c9-7e2d1b0f5c02',
  Confidential: '8a6e4c2d-1b3f-4d5e-9f7a-2c4e6b8d0c03',
  'Highly Confidential': 'e2b4d6f8-0a1c-4e3b-8d5f-6a8c0e2b4c04',
};

/** Confidential or above: what exfiltration scenarios reach for. */
export function isSensitive(label: SensitivityLabel | null): boolean {
  return label === 'Confidential' || label === 'Highly Confidential';
}
