import { describe, expect, it } from 'vitest';

import {
  cleanIp,
  isExternalAddress,
  normalizeEmail,
} from '../../../src/server/ingest/parsers/addresses';
import { decodeEncodedCommands } from '../../../src/server/ingest/parsers/encoded-command';
import { field, lookup } from '../../../src/server/ingest/parsers/fields';
import { resolveParserOptions } from '../../../src/server/ingest/parsers/parser';
import { parseTime } from '../../../src/server/ingest/parsers/timestamps';

describe('reading times', () => {
  it('reads the timestamp forms sources use, as UTC epoch ms', () => {
    const expected = Date.UTC(2024, 4, 2, 14, 3, 11, 123);
    expect(parseTime('2024-05-02T14:03:11.123Z')).toBe(expected);
    expect(parseTime('2024-05-02T16:03:11.123+02:00')).toBe(expected);
    expect(parseTime('2024-05-02 14:03:11.123456789')).toBe(expected);
    expect(parseTime('2024-05-02T14:03:11.123')).toBe(expected);
    expect(parseTime(1714658591123, 'ms')).toBe(expected);
    expect(parseTime('1714658591123', 'ms')).toBe(expected);
    expect(parseTime(1714658591, 's')).toBe(expected - 123);
    expect(parseTime('2024-05-02')).toBe(Date.UTC(2024, 4, 2));
  });

  it('refuses impossible or ambiguous values', () => {
    expect(parseTime('2024-02-30T10:00:00Z')).toBeNaN();
    expect(parseTime('2025-04-11:21:02.3387000Z')).toBeNaN();
    expect(parseTime('05/02/2024')).toBeNaN();
    expect(parseTime(1714658591123)).toBeNaN();
    expect(parseTime(1e300, 'ms')).toBeNaN();
  });
});

describe('reading addresses', () => {
  it('unwraps the forms emails come in', () => {
    expect(normalizeEmail('Jane Doe <Jane.Doe@Acme.com>')).toBe('jane.doe@acme.com');
    expect(normalizeEmail('SMTP:jane@acme.com')).toBe('jane@acme.com');
    expect(normalizeEmail('[jane@acme.com](mailto:jane@acme.com)')).toBe('jane@acme.com');
    expect(normalizeEmail('CORP\\jdoe')).toBeNull();
  });

  it('counts subdomains as the company and nothing as external without company domains', () => {
    const options = resolveParserOptions({ companyDomains: ['acme.com'] });
    expect(isExternalAddress('a@eu.acme.com', options)).toBe(false);
    expect(isExternalAddress('a@acme.com.evil.io', options)).toBe(true);
    expect(isExternalAddress('a@globex.com', resolveParserOptions())).toBe(false);
  });

  it('drops ports and placeholders from IP addresses', () => {
    expect(cleanIp('1.2.3.4:10736')).toBe('1.2.3.4');
    expect(cleanIp('[2001:DB8::5]:443')).toBe('2001:db8::5');
    expect(cleanIp('null')).toBeNull();
  });
});

describe('reading fields', () => {
  it('falls back to a case-insensitive key and ignores inherited members', () => {
    expect(field({ eventtype: 'x' }, 'eventType')).toBe('x');
    expect(field({}, 'constructor')).toBeUndefined();
    expect(lookup({ a: 1 }, '__proto__')).toBeUndefined();
  });

  it('decodes only readable -EncodedCommand payloads', () => {
    const encoded = Buffer.from('Get-ChildItem', 'utf16le').toString('base64');
    expect(decodeEncodedCommands(`powershell -EncodedCommand ${encoded}`)).toBe('Get-ChildItem');
    expect(decodeEncodedCommands('powershell -ExecutionPolicy Bypass -File x.ps1')).toBeNull();
    expect(decodeEncodedCommands('tool.exe -e 0123456789abcdef0123')).toBeNull();
  });
});
