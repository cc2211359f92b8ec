import type { FirstAdmin } from './first-admin';

/** The start-up message: where to open Vigil and, on a first run, how to sign in. */
export function printBanner(info: {
  url: string;
  database: string;
  admin: FirstAdmin;
  seeded: number;
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
  lines.push('');
  process.stdout.write(`${lines.join('\n')}\n`);
}
