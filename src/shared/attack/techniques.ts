import type { TacticShortName } from './tactics';

/** One technique of Vigil's insider-relevant catalogue. */
export interface AttackTechnique {
  /** `T1052` or a sub-technique `T1052.001`. */
  readonly id: string;
  readonly name: string;
  /** Tactics it belongs to, in the reference's order. */
  readonly tactics: readonly TacticShortName[];
}

const t = (id: string, name: string, ...tactics: TacticShortName[]): AttackTechnique => ({
  id,
  name,
  tactics,
});

/**
 * The insider-relevant techniques Vigil maps incidents to, from
 * /work/shared/reference/attack-techniques.md (checked against ATT&CK Enterprise v18.1).
 * Detection rules may only name these; a unit test holds every rule to it.
 */
export const attackTechniques: readonly AttackTechnique[] = [
  t(
    'T1078',
    'Valid Accounts',
    'initial-access',
    'persistence',
    'privilege-escalation',
    'defense-evasion',
  ),
  t('T1005', 'Data from Local System', 'collection'),
  t('T1039', 'Data from Network Shared Drive', 'collection'),
  t('T1213', 'Data from Information Repositories', 'collection'),
  t('T1213.002', 'Sharepoint', 'collection'),
  t('T1213.003', 'Code Repositories', 'collection'),
  t('T1530', 'Data from Cloud Storage', 'collection'),
  t('T1114', 'Email Collection', 'collection'),
  t('T1114.002', 'Remote Email Collection', 'collection'),
  t('T1114.003', 'Email Forwarding Rule', 'collection'),
  t('T1074', 'Data Staged', 'collection'),
  t('T1074.001', 'Local Data Staging', 'collection'),
  t('T1560', 'Archive Collected Data', 'collection'),
  t('T1119', 'Automated Collection', 'collection'),
  t('T1048', 'Exfiltration Over Alternative Protocol', 'exfiltration'),
  t('T1052', 'Exfiltration Over Physical Medium', 'exfiltration'),
  t('T1052.001', 'Exfiltration over USB', 'exfiltration'),
  t('T1567', 'Exfiltration Over Web Service', 'exfiltration'),
  t('T1567.002', 'Exfiltration to Cloud Storage', 'exfiltration'),
  t('T1537', 'Transfer Data to Cloud Account', 'exfiltration'),
  t('T1020', 'Automated Exfiltration', 'exfiltration'),
  t('T1041', 'Exfiltration Over C2 Channel', 'exfiltration'),
  t('T1011', 'Exfiltration Over Other Network Medium', 'exfiltration'),
  t('T1059.001', 'PowerShell', 'execution'),
  t('T1070', 'Indicator Removal', 'defense-evasion'),
  t('T1070.004', 'File Deletion', 'defense-evasion'),
  t('T1485', 'Data Destruction', 'impact'),
  t('T1486', 'Data Encrypted for Impact', 'impact'),
  t('T1565', 'Data Manipulation', 'impact'),
  t('T1098', 'Account Manipulation', 'persistence', 'privilege-escalation'),
  t('T1136', 'Create Account', 'persistence'),
  t('T1083', 'File and Directory Discovery', 'discovery'),
  t('T1087', 'Account Discovery', 'discovery'),
  t('T1069', 'Permission Groups Discovery', 'discovery'),
  t('T1021', 'Remote Services', 'lateral-movement'),
  t('T1091', 'Replication Through Removable Media', 'lateral-movement', 'initial-access'),
  t('T1200', 'Hardware Additions', 'initial-access'),
  t('T1133', 'External Remote Services', 'persistence', 'initial-access'),
];
