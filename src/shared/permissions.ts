/**
 * Global permissions. A role is a named set of these; a user's permissions are the union of
 * their roles'. Ids are stable: they are stored in the database.
 */
export const permissions = [
  'investigations.read',
  'investigations.write',
  'investigations.read_all',
  'evidence.read',
  'evidence.write',
  'employees.read',
  'users.manage',
  'roles.manage',
  'integrations.manage',
  'configuration.manage',
  'audit.read',
  'dev.tools',
  'identity.reveal',
  'privacy.approve',
  'legal.hold',
  'notifications.manage',
] as const;
export type Permission = (typeof permissions)[number];

/** What each permission allows, for the role matrix in manage-global-roles. */
export const permissionDescriptions: Record<Permission, string> = {
  'investigations.read': 'Open investigations they created, are assigned to or are members of',
  'investigations.write': 'Create investigations and change their fields',
  'investigations.read_all': 'See every investigation, not only their own',
  'evidence.read': 'Read findings, incidents and raw events of investigations they can see',
  'evidence.write': 'Pin evidence and change incident status',
  'employees.read': 'Browse the employee directory',
  'users.manage': 'Create, disable and change users',
  'roles.manage': 'Create, edit and delete global roles',
  'integrations.manage': 'Connect log sources, rotate tokens, upload exports',
  'configuration.manage': 'Change detection settings (competitors, domains, labels, weights)',
  'audit.read': 'Read the audit log',
  'dev.tools': 'Run developer tools such as the log generator',
  'identity.reveal':
    'Ask to reveal a pseudonymized person in a case, with a purpose, and find people by real name',
  'privacy.approve': 'Approve, deny and list requests to reveal identities',
  'legal.hold': 'Place and lift legal holds on investigations they can see',
  'notifications.manage':
    'Set up notification channels and rules, read the delivery log and send deliveries again',
};

/**
 * Whether someone may see alerts and risk scores about anyone: they concern people before any
 * case exists, so only those who see every case and its evidence do.
 */
export function canSeeAlerts(granted: ReadonlySet<Permission>): boolean {
  return granted.has('investigations.read_all') && granted.has('evidence.read');
}
