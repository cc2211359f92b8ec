import { describe, expect, it } from 'vitest';

import { checkBaseUrl, isPrivateAddress } from '../../../src/server/ingest/collectors/outbound-url';
import { linkRelation } from '../../../src/server/ingest/collectors/link-header';

describe('where collectors may connect', () => {
  it.each([
    '10.0.0.1',
    '172.16.5.4',
    '192.168.1.1',
    '127.0.0.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    '::',
    'fe80::1',
    'fd00::1',
    '::ffff:10.0.0.1',
    '[::1]',
  ])('%s is private', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(['8.8.8.8', '203.0.113.9', '2606:4700::1111', 'example.okta.com'])(
    '%s is not a private address',
    (address) => {
      expect(isPrivateAddress(address)).toBe(false);
    },
  );

  it('takes public https URLs, trimmed of trailing slashes', () => {
    expect(checkBaseUrl('https://Example.okta.com/', false)).toEqual({
      url: 'https://example.okta.com',
    });
    expect(checkBaseUrl('https://api.example.com/v1//', false)).toEqual({
      url: 'https://api.example.com/v1',
    });
  });

  it.each([
    ['http://example.okta.com', 'must be an https:// URL.'],
    ['https://127.0.0.1', 'names a private'],
    ['https://localhost:8443', 'names a private'],
    ['https://a.localhost', 'names a private'],
    ['https://user:pw@example.okta.com', 'must not carry a user name'],
    ['https://example.okta.com/?x=1', 'must not have a query'],
    ['ftp://example.okta.com', 'must be an https:// URL.'],
    ['example.okta.com', 'is not a URL'],
  ])('refuses %s', (url, problem) => {
    const checked = checkBaseUrl(url, false);
    expect('problem' in checked && checked.problem).toContain(problem);
  });

  it('allows plain http and loopback with VIGIL_ALLOW_HTTP_CONNECTORS', () => {
    expect(checkBaseUrl('http://127.0.0.1:9000', true)).toEqual({ url: 'http://127.0.0.1:9000' });
  });
});

describe('Link headers', () => {
  it('finds a relation among several links, in one header or repeated ones', () => {
    const header =
      '<https://o.okta.com/api/v1/logs?limit=5>; rel="self", <https://o.okta.com/api/v1/logs?after=a,b&limit=5>; rel="next"';
    expect(linkRelation(header, 'next')).toBe('https://o.okta.com/api/v1/logs?after=a,b&limit=5');
    expect(linkRelation(header, 'self')).toBe('https://o.okta.com/api/v1/logs?limit=5');
    expect(linkRelation(['<https://x/1>; rel=self', '<https://x/2>; rel=next'], 'next')).toBe(
      'https://x/2',
    );
    expect(linkRelation(undefined, 'next')).toBeNull();
    expect(linkRelation('<https://x/1>; rel="self"', 'next')).toBeNull();
  });
});
