import type { Permission } from '../../../shared/permissions';
import { buildPath } from '../../../shared/routes';
import { landingRoute } from '../../commands/navigation/route-access';

/** Where to go after sign-in: an in-app path from `next`, never another site. */
export function safeNext(next: string | null): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\'))
    return '/app/';
  return /^\/(app|dev)(\/|$|\?)/.test(next) ? next : '/app/';
}

/**
 * Where to go once signed in: the page `next` asked for, else the landing of the role (the
 * reveal requests for a privacy officer, the audit log for an auditor, the dashboard otherwise).
 */
export function afterSignIn(next: string | null, permissions: readonly Permission[]): string {
  const wanted = safeNext(next);
  return wanted !== '/app/' ? wanted : buildPath(landingRoute(new Set(permissions)), {});
}
