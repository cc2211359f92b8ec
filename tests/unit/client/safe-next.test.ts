import { describe, expect, it } from 'vitest';

import { safeNext } from '../../../src/client/features/auth/safe-next';

describe('where sign-in continues', () => {
  it('keeps in-app paths and refuses other sites', () => {
    expect(safeNext('/app/investigations/x?tab=1')).toBe('/app/investigations/x?tab=1');
    expect(safeNext('/dev/log-generator')).toBe('/dev/log-generator');
    expect(safeNext(null)).toBe('/app/');
    expect(safeNext('https://evil.example/app')).toBe('/app/');
    expect(safeNext('//evil.example/app')).toBe('/app/');
    expect(safeNext('/\\evil.example')).toBe('/app/');
    expect(safeNext('/auth')).toBe('/app/');
  });
});
