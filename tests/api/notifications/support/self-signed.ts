import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';

/*
 * A self-signed certificate for 127.0.0.1 and localhost, made at test time with node:crypto
 * alone (no fixture, no openssl, no network): a P-256 key, and an X.509 v3 certificate written
 * in DER by hand, signed with ECDSA-SHA256. Receivers serve it; the app under test trusts it
 * through its test-only `notificationTlsCa` setting.
 */

const der = (tag: number, ...parts: Buffer[]): Buffer => {
  const body = Buffer.concat(parts);
  const n = body.length;
  const length =
    n < 0x80
      ? Buffer.from([n])
      : n < 0x100
        ? Buffer.from([0x81, n])
        : Buffer.from([0x82, n >> 8, n & 0xff]);
  return Buffer.concat([Buffer.from([tag]), length, body]);
};
const seq = (...parts: Buffer[]) => der(0x30, ...parts);

function oid(dotted: string): Buffer {
  const [a, b, ...rest] = dotted.split('.').map(Number);
  const bytes = [a! * 40 + b!];
  for (const value of rest) {
    const chunk = [value & 0x7f];
    for (let v = value >> 7; v > 0; v >>= 7) chunk.unshift((v & 0x7f) | 0x80);
    bytes.push(...chunk);
  }
  return der(0x06, Buffer.from(bytes));
}

const utcTime = (date: Date) =>
  der(0x17, Buffer.from(`${date.toISOString().slice(2, 19).replace(/[-T:]/g, '')}Z`, 'ascii'));

const commonName = (name: string) =>
  seq(der(0x31, seq(oid('2.5.4.3'), der(0x0c, Buffer.from(name, 'utf8')))));

export interface SelfSigned {
  /** The certificate, PEM: the server's cert and the client's trusted CA. */
  cert: string;
  /** The private key, PEM (PKCS #8). */
  key: string;
}

export function selfSignedCertificate(): SelfSigned {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const ecdsaSha256 = seq(oid('1.2.840.10045.4.3.2'));
  const name = commonName('Vigil test receiver');
  const serial = randomBytes(16);
  serial[0] = serial[0]! & 0x7f;
  const now = Date.now();
  const extensions = der(
    0xa3,
    seq(
      // basicConstraints, critical: a CA (it signs itself), so it can be a trust anchor.
      seq(
        oid('2.5.29.19'),
        der(0x01, Buffer.from([0xff])),
        der(0x04, seq(der(0x01, Buffer.from([0xff])))),
      ),
      // subjectAltName: DNS localhost, IP 127.0.0.1.
      seq(
        oid('2.5.29.17'),
        der(0x04, seq(der(0x82, Buffer.from('localhost')), der(0x87, Buffer.from([127, 0, 0, 1])))),
      ),
    ),
  );
  const tbs = seq(
    der(0xa0, der(0x02, Buffer.from([2]))),
    der(0x02, serial),
    ecdsaSha256,
    name,
    seq(utcTime(new Date(now - 60_000)), utcTime(new Date(now + 24 * 3_600_000))),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
    extensions,
  );
  const signature = sign('sha256', tbs, { key: privateKey, dsaEncoding: 'der' });
  const certificate = seq(tbs, ecdsaSha256, der(0x03, Buffer.from([0]), signature));
  const base64 = certificate.toString('base64').replace(/.{64}/g, '$&\n');
  return {
    cert: `-----BEGIN CERTIFICATE-----\n${base64}${base64.endsWith('\n') ? '' : '\n'}-----END CERTIFICATE-----\n`,
    key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}
