import { describe, expect, it } from 'vitest';

import type { IdentityPolicy } from '../../../src/server/privacy/identity-policy';
import { IdentityDirectory } from '../../../src/server/privacy/identity-directory';
import { PseudonymBook, pseudonymFor } from '../../../src/server/privacy/pseudonym';
import { redactText } from '../../../src/server/privacy/redactor';

const book = new PseudonymBook('installation secret');
const maya = book.of('E1001');
const anne = book.of('E1002');
const directory = new IdentityDirectory(
  [
    {
      id: 'E1001',
      fullName: 'Maya Okafor',
      email: 'maya.okafor@northwind.example',
      aliases: ['CORP\\mokafor', 'maya@personal.example'],
    },
    { id: 'E1002', fullName: "Anne-Marie O'Brien", email: 'amob@northwind.example', aliases: [] },
    { id: 'E1003', fullName: 'Ada Watcher', email: 'ada@northwind.example', aliases: [] },
  ],
  new Set(['ada@northwind.example']),
);

function policy(overrides: Partial<IdentityPolicy> = {}): IdentityPolicy {
  return {
    pseudonymize: true,
    showOrgDetails: true,
    investigationId: null,
    revealed: new Set(),
    pseudonyms: book,
    ...overrides,
  };
}

describe('pseudonyms', () => {
  it('are stable per installation, differ between installations and people, read aloud', () => {
    expect(pseudonymFor('installation secret', 'E1001')).toEqual(maya);
    expect(pseudonymFor('another secret', 'E1001').code).not.toBe(maya.code);
    expect(anne.code).not.toBe(maya.code);
    expect(maya.name).toMatch(/^Person [0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(maya.email).toBe(
      `person-${maya.code.replace('-', '').toLowerCase()}@pseudonymized.invalid`,
    );
  });

  it('do not collide among 20,000 people', () => {
    const codes = new Set(Array.from({ length: 20_000 }, (_, i) => book.of(`E${i}`).code));
    expect(codes.size).toBe(20_000);
  });
});

describe('redactText', () => {
  it('replaces names in either order, addresses and account names, the same person alike', () => {
    const text = JSON.stringify({
      mail: 'From Maya Okafor <maya.okafor@northwind.example> to OKAFOR, MAYA\nMaya  Okafor.',
      path: 'C:\\Users\\maya.okafor\\Desktop',
      account: 'CORP\\mokafor',
      personal: 'maya@personal.example',
      other: "anne-marie o'brien wrote to amob@northwind.example",
    });
    const out = redactText(text, directory, policy(), true);
    expect(out).not.toMatch(/maya|okafor|mokafor|anne|brien|amob/i);
    const parsed = JSON.parse(out) as Record<string, string>;
    expect(parsed.mail).toBe(`From ${maya.name} <${maya.email}> to ${maya.name}\n${maya.name}.`);
    expect(parsed.path).toBe(`C:\\Users\\${maya.handle}\\Desktop`);
    expect(parsed.account).toBe(`CORP\\${maya.handle}`);
    // Outside the company the domain stays: where the mail went is evidence, and says no name.
    expect(parsed.personal).toBe(`${maya.handle}@personal.example`);
    expect(parsed.other).toBe(`${anne.name} wrote to ${anne.email}`);
  });

  it('knows a personal address that spells out a name, and no other', () => {
    const text =
      'Sent to maya.okafor21@proton.me and okafor_maya@gmail.example, not maya@x.example';
    expect(redactText(text, directory, policy())).toBe(
      `Sent to ${maya.handle}@proton.me and ${maya.handle}@gmail.example, not maya@x.example`,
    );
  });

  it('keeps CSV cells apart: a comma without a space is no gap in a name', () => {
    expect(redactText('Maya,Okafor,Okafor, Maya', directory, policy())).toBe(
      `Maya,Okafor,${maya.name}`,
    );
  });

  it('leaves other words, longer words and Vigil users alone', () => {
    const text = 'Mayan Okaforx, maya okafors, the Okafor report; ada@northwind.example';
    expect(redactText(text, directory, policy())).toBe(text);
  });

  it('shows people revealed for the case, and everyone when pseudonymization is off', () => {
    const text = 'Maya Okafor and amob@northwind.example';
    expect(redactText(text, directory, policy({ revealed: new Set(['E1001']) }))).toBe(
      `Maya Okafor and ${anne.email}`,
    );
    expect(redactText(text, directory, policy({ pseudonymize: false }))).toBe(text);
  });
});

describe('logins inside longer words', () => {
  const people = new IdentityDirectory([
    {
      id: 'E2001',
      fullName: 'Aoife Young',
      email: 'ayoung@northwind.example',
      aliases: [],
      accounts: ['ayoung_northwind'],
    },
    {
      id: 'E2002',
      fullName: 'Jonas Johansson',
      email: 'jjohansson@northwind.example',
      aliases: [],
    },
    { id: 'E2003', fullName: 'Maya Okafor', email: 'maya.okafor@northwind.example', aliases: [] },
    { id: 'E2004', fullName: 'Jun Li', email: 'jli@northwind.example', aliases: ['admin'] },
  ]);
  const aoife = book.of('E2001').handle;
  const jonas = book.of('E2002').handle;
  const mayaHandle = book.of('E2003').handle;
  const jun = book.of('E2004').handle;

  it.each([
    ['GitHub login', 'ayoung_northwind pushed', `${aoife} pushed`],
    ['GitHub login, not an alias', 'jjohansson_northwind', `${jonas}_northwind`],
    ['Intune device', 'ayoung_Windows_2026/07/13', `${aoife}_Windows_2026/07/13`],
    [
      'OneDrive folder',
      'https://northwind-my.sharepoint.com/personal/ayoung_northwind_example/Documents',
      // The longest account wins: `ayoung_northwind` is Aoife's GitHub login.
      `https://northwind-my.sharepoint.com/personal/${aoife}_example/Documents`,
    ],
    [
      'OneDrive folder of a dotted login',
      'personal/maya_okafor_northwind_example/',
      `personal/${mayaHandle}_northwind_example/`,
    ],
    ['Slack channel', '#ext-fabrikam-jjohansson', `#ext-fabrikam-${jonas}`],
    ['Okta/Google login in a file name', 'export-ayoung.2026.csv', `export-${aoife}.2026.csv`],
    [
      'three-letter login at either end',
      'jli_Windows_1 ext-acme-jli',
      `${jun}_Windows_1 ext-acme-${jun}`,
    ],
  ])('%s', (_source, text, redacted) => {
    expect(redactText(text, people, policy())).toBe(redacted);
  });

  it('leaves words alone: a short login in the middle, generic accounts, foreign addresses', () => {
    const text =
      'q3-jli-draft admin_tools ayoungster_x x_youngish jjohansson@fabrikam.example personal_notes';
    expect(redactText(text, people, policy())).toBe(text);
  });

  it('keeps a revealed person as logged', () => {
    expect(
      redactText('ext-fabrikam-jjohansson', people, policy({ revealed: new Set(['E2002']) })),
    ).toBe('ext-fabrikam-jjohansson');
  });
});
