import type { FirstAdmin } from './first-admin';

/** The start-up message: where to open Vigil and, on a first run, how to sign in. */
export function printBanner(info: {
  url: string;
  database: string;
  admin: FirstAdmin;
  seeded: number;
  /** The demo organization's privacy officer, on the start that loaded it. */
  privacyOfficer?: { email: string; password: string } | null;
}): void {
  const lines = ['', `  Vigil is running at ${info.url}`, `  Data: ${info.database}`];
  if (info.seeded > 0) lines.push(`  Demo data: ${info.seeded} employees loaded`);
  if (info.admin.created) {
    lines.push('', '  First sign-in:', `    email:    ${info.admin.email}`);
    lines.push(
      info.admin.generated
        ? `    password: ${info.admin.password}   (shown once: change it after signing in)`
        : '    password: the one in VIGIL_ADMIN_PASSWORD',
    );
  }
  if (info.privacyOfficer) {
    lines.push(
      '',
      '  Demo privacy officer (approves reveals of identities):',
      `    email:    ${info.privacyOfficer.email}`,
      `    password: ${info.privacyOfficer.password}   (shown once)`,
    );
  }
  lines.push('');
  process.stdout.write(`${lines.join('\n')}\n`);
}
