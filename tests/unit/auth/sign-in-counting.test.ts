import { describe, expect, it } from 'vitest';

import { addressBucket } from '../../../src/server/accounts/client-address';
import { SIGN_IN_POLICY } from '../../../src/server/accounts/sign-in-policy';
import { delayAfter } from '../../../src/server/db/queries/sign-in-attempts';

describe('the address a sign-in is counted against', () => {
  it('is an IPv4 address as is, also when mapped into IPv6', () => {
    expect(addressBucket('203.0.113.9')).toBe('203.0.113.9');
    expect(addressBucket('::ffff:203.0.113.9')).toBe('203.0.113.9');
  });

  it('is the /64 of an IPv6 address, however it is written', () => {
    const network = '2001:db8:0:1::/64';
    expect(addressBucket('2001:db8:0:1::1')).toBe(network);
    expect(addressBucket('2001:0DB8:0000:0001:ffff:1:2:3')).toBe(network);
    expect(addressBucket('2001:db8:0:1:a::7%eth0')).toBe(network);
    expect(addressBucket('2001:db8:0:2::1')).not.toBe(network);
    expect(addressBucket('::1')).toBe('0:0:0:0::/64');
  });
});

describe('the wait after failed sign-ins', () => {
  it('is nothing for the free attempts, then 30 s doubling to at most 15 minutes', () => {
    const waits = Array.from({ length: 14 }, (_, n) =>
      delayAfter(SIGN_IN_POLICY.accountAtAddress, n),
    );
    expect(waits.map((ms) => ms / 1000)).toEqual([
      0, 0, 0, 0, 0, 30, 60, 120, 240, 480, 900, 900, 900, 900,
    ]);
  });
});
