import net from 'node:net';

/** An IPv4 or IPv6 address as a number, with its family. */
export interface IpAddress {
  family: 4 | 6;
  value: bigint;
}

/** A network: the family, the address with its host bits cleared, and the prefix length. */
export interface IpNetwork {
  family: 4 | 6;
  base: bigint;
  prefix: number;
}

const BITS = { 4: 32, 6: 128 } as const;

function ipv4Value(text: string): bigint {
  return text.split('.').reduce((value, octet) => (value << 8n) | BigInt(Number(octet)), 0n);
}

/** The eight 16-bit groups of an IPv6 address, with `::` expanded and an IPv4 tail split. */
function ipv6Value(text: string): bigint {
  let body = text;
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(body);
  if (tail) {
    const v4 = ipv4Value(tail[1]!);
    body = `${body.slice(0, tail.index)}${((v4 >> 16n) & 0xffffn).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const [head = '', rest] = body.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = rest === undefined || rest === '' ? [] : rest.split(':');
  const zeros = rest === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].reduce(
    (value, group) => (value << 16n) | BigInt(Number.parseInt(group, 16)),
    0n,
  );
}

/**
 * An address as PostgreSQL's inet reads one without a mask, or null: dotted IPv4 or IPv6
 * (an IPv4-mapped IPv6 address stays IPv6, as in PostgreSQL). Zone ids are refused.
 */
export function parseAddress(text: string): IpAddress | null {
  if (net.isIPv4(text)) return { family: 4, value: ipv4Value(text) };
  if (net.isIPv6(text) && !text.includes('%')) return { family: 6, value: ipv6Value(text) };
  return null;
}

/** A network written `address/prefix` (or a bare address, one host), or null when invalid. */
export function parseNetwork(text: string): IpNetwork | null {
  const slash = text.indexOf('/');
  const address = parseAddress(slash < 0 ? text : text.slice(0, slash));
  if (!address) return null;
  const bits = BITS[address.family];
  const prefixText = slash < 0 ? String(bits) : text.slice(slash + 1);
  if (!/^\d{1,3}$/.test(prefixText)) return null;
  const prefix = Number(prefixText);
  if (prefix > bits) return null;
  return { family: address.family, base: mask(address.value, prefix, bits), prefix };
}

function mask(value: bigint, prefix: number, bits: number): bigint {
  const hostBits = BigInt(bits - prefix);
  return (value >> hostBits) << hostBits;
}

/**
 * Whether an address lies in a network, the way PostgreSQL's `inet <<= inet` answers: false
 * for another family, and false (not an error) for text that is not an address.
 */
export function inNetwork(address: string, network: IpNetwork): boolean {
  const parsed = parseAddress(address);
  if (!parsed || parsed.family !== network.family) return false;
  return mask(parsed.value, network.prefix, BITS[parsed.family]) === network.base;
}
