/**
 * ATT&CK Enterprise tactics in matrix order (facts from MITRE ATT&CK v18.1; see
 * `attackCopyright`). `shortName` is the id ATT&CK Navigator layers use for a technique's tactic.
 */
export const attackTactics = [
  { id: 'TA0043', shortName: 'reconnaissance', name: 'Reconnaissance' },
  { id: 'TA0042', shortName: 'resource-development', name: 'Resource Development' },
  { id: 'TA0001', shortName: 'initial-access', name: 'Initial Access' },
  { id: 'TA0002', shortName: 'execution', name: 'Execution' },
  { id: 'TA0003', shortName: 'persistence', name: 'Persistence' },
  { id: 'TA0004', shortName: 'privilege-escalation', name: 'Privilege Escalation' },
  { id: 'TA0005', shortName: 'defense-evasion', name: 'Defense Evasion' },
  { id: 'TA0006', shortName: 'credential-access', name: 'Credential Access' },
  { id: 'TA0007', shortName: 'discovery', name: 'Discovery' },
  { id: 'TA0008', shortName: 'lateral-movement', name: 'Lateral Movement' },
  { id: 'TA0009', shortName: 'collection', name: 'Collection' },
  { id: 'TA0011', shortName: 'command-and-control', name: 'Command and Control' },
  { id: 'TA0010', shortName: 'exfiltration', name: 'Exfiltration' },
  { id: 'TA0040', shortName: 'impact', name: 'Impact' },
] as const;

/** One tactic, as a column of the matrix. */
export type AttackTactic = (typeof attackTactics)[number];

/** A tactic's Navigator short name, e.g. `defense-evasion`. */
export type TacticShortName = AttackTactic['shortName'];
