/**
 * The Insider Threat Matrix (Forscie's open framework, insiderthreatmatrix.org): what insiders
 * do, in five themes, beside ATT&CK's view of an intruder. Only the sections Vigil's rules and
 * screens use are listed, with the framework's own ids and names; a rule naming another id is
 * refused when it loads.
 */
export const itmThemes = [
  { id: 'MT', name: 'Motive' },
  { id: 'ME', name: 'Means' },
  { id: 'PR', name: 'Preparation' },
  { id: 'IF', name: 'Infringement' },
  { id: 'AF', name: 'Anti-forensics' },
] as const;
export type ItmThemeId = (typeof itmThemes)[number]['id'];

/** One section (or subsection, `IF010.002`) of the matrix. */
export interface ItmSection {
  id: string;
  name: string;
}

export const itmSections: readonly ItmSection[] = [
  { id: 'MT002', name: 'Mover' },
  { id: 'MT003', name: 'Leaver' },
  { id: 'ME005', name: 'Removable Media' },
  { id: 'ME006', name: 'Web Access' },
  { id: 'ME007', name: 'Privileged Access' },
  { id: 'ME009', name: 'FTP Servers' },
  { id: 'ME010', name: 'SSH Servers' },
  { id: 'ME021', name: 'Unrevoked Access' },
  { id: 'PR004', name: 'File Exploration' },
  { id: 'PR004.001', name: 'Network File Exploration' },
  { id: 'PR004.002', name: 'Collaboration Platform Exploration' },
  { id: 'PR004.004', name: 'Local System File Exploration' },
  { id: 'PR019', name: 'Private / Incognito Browsing' },
  { id: 'PR023', name: 'Suspicious Web Browsing' },
  { id: 'IF001', name: 'Exfiltration via Web Service' },
  { id: 'IF001.001', name: 'Exfiltration via Cloud Storage' },
  { id: 'IF005', name: 'Exfiltration via Messaging Applications' },
  { id: 'IF009', name: 'Installing Unapproved Software' },
  { id: 'IF010', name: 'Exfiltration via Email' },
  { id: 'IF010.001', name: 'Exfiltration via Corporate Email' },
  { id: 'IF010.002', name: 'Exfiltration via Personal Email' },
  { id: 'IF017', name: 'Excessive Personal Use' },
  { id: 'IF019', name: 'Non-Corporate Device' },
  { id: 'IF025', name: 'Account Sharing' },
  { id: 'AF001', name: 'Clear Command History' },
  { id: 'AF014', name: 'System Shutdown' },
  { id: 'AF015', name: 'File Deletion' },
  { id: 'AF022', name: 'Virtualization' },
  { id: 'AF023', name: 'Browser or System Proxy' },
  { id: 'AF024', name: 'Account Misuse' },
];

const byId = new Map(itmSections.map((section) => [section.id, section]));

/** Whether Vigil knows this matrix id. */
export function isKnownItmSection(id: string): boolean {
  return byId.has(id);
}

/** A section by id. */
export function itmSection(id: string): ItmSection | undefined {
  return byId.get(id);
}

/** The theme an id belongs to (its two letters). */
export function itmThemeOf(id: string): ItmThemeId | undefined {
  const theme = itmThemes.find((t) => id.startsWith(t.id));
  return theme?.id;
}
