import os from 'node:os';
import path from 'node:path';

/** Where the end-to-end server listens and keeps its throwaway database. */
export const E2E_PORT = Number(process.env.VIGIL_E2E_PORT ?? 4317);
export const E2E_DB = path.join(os.tmpdir(), `vigil-e2e-${E2E_PORT}.db`);
export const ADMIN_EMAIL = 'admin@vigil.local';
export const ADMIN_PASSWORD = 'e2e-admin-password-123';
