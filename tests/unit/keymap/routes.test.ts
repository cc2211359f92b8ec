import { describe, expect, it } from 'vitest';

import { buildPath, isRouteId, matchPath, routeIds, routes } from '../../../src/shared/routes';

describe('routes', () => {
  it('build URLs from route ids with encoded parameters', () => {
    expect(buildPath('dashboard', {})).toBe('/app/');
    expect(buildPath('investigation', { id: 'inv-42' })).toBe('/app/investigations/inv-42');
    expect(buildPath('incident', { id: 'a b', incidentId: 'i/1' })).toBe(
      '/app/investigations/a%20b/incidents/i%2F1',
    );
    expect(buildPath('evidence.file-access', { id: '7' })).toBe(
      '/app/investigations/7/evidence-locker/file-access',
    );
  });

  it('add search parameters, leaving out empty ones', () => {
    expect(buildPath('incidents', { id: '7' }, { technique: 'T1567', page: undefined })).toBe(
      '/app/investigations/7/incidents/?technique=T1567',
    );
    expect(buildPath('evidence.file-access', { id: '7' }, { label: 'All Files' })).toBe(
      '/app/investigations/7/evidence-locker/file-access?label=All+Files',
    );
  });

  it('refuse to build a link with a missing parameter', () => {
    expect(() => buildPath('investigation', { id: '' })).toThrow(
      "Route 'investigation' needs the parameter 'id'.",
    );
  });

  it('match pathnames to route ids and decoded parameters', () => {
    expect(matchPath('/')).toEqual({ routeId: 'landing', params: {} });
    expect(matchPath('/app/investigations/a%20b/incidents/i%2F1')).toEqual({
      routeId: 'incident',
      params: { id: 'a b', incidentId: 'i/1' },
    });
    expect(matchPath('/app/investigations/7/evidence-locker/devices')?.routeId).toBe(
      'evidence.devices',
    );
    expect(matchPath('/app/integrations/settings/okta')).toEqual({
      routeId: 'integrationSettings',
      params: { integrationId: 'okta' },
    });
  });

  it('match with or without a trailing slash, ignoring the query and hash', () => {
    expect(matchPath('/app/investigations')?.routeId).toBe('investigations');
    expect(matchPath('/app/investigations/')?.routeId).toBe('investigations');
    expect(matchPath('/app')?.routeId).toBe('dashboard');
    expect(matchPath('/app/settings/')?.routeId).toBe('settings');
    expect(matchPath('/app/investigations/7/incidents?technique=T1')?.routeId).toBe('incidents');
    expect(matchPath('/app/investigations/7#top')?.routeId).toBe('investigation');
  });

  it('answer null for unknown paths, so the router shows Not Found', () => {
    expect(matchPath('/app/nowhere')).toBeNull();
    expect(matchPath('/app/investigations/7/evidence-locker/unknown')).toBeNull();
    expect(matchPath('/app/investigations/%E0%A4%A')).toBeNull();
  });

  it('round-trip every route through buildPath and matchPath', () => {
    for (const routeId of routeIds) {
      const params = { id: 'inv 1', incidentId: 'inc-2', integrationId: 'okta', alertId: 'al 3' };
      const path = buildPath(routeId, params);
      const match = matchPath(path);
      expect(match?.routeId, path).toBe(routeId);
      for (const [name, value] of Object.entries(match?.params ?? {})) {
        expect(value).toBe(params[name as keyof typeof params]);
      }
    }
  });

  it('mark investigation screens and admin screens', () => {
    expect(routes.investigation.needsInvestigation).toBe(true);
    expect(routes['evidence.code-repos'].needsInvestigation).toBe(true);
    expect(routes.employees.needsInvestigation).toBe(false);
    expect(routes.manageRoles.adminOnly).toBe(true);
    expect(isRouteId('mitre')).toBe(true);
    expect(isRouteId('timeline')).toBe(false);
    expect(isRouteId('toString')).toBe(false);
  });
});
