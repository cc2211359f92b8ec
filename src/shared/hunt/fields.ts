/**
 * The fields a hunting query may name (issue 28), with what each matches and an example: the
 * server compiles them (src/server/hunt/), the Hunt screen's `?` help lists them.
 *
 * - `keyword`: the whole value, ignoring case; `*` and `?` are wildcards (`file.name:*.xlsx`).
 * - `text`: words or a quoted phrase found inside the value, ignoring case.
 * - `list`: any element of a list (a mail's recipients or their domains), as a keyword.
 * - `person`: the person's pseudonym (`Person 7F3K-9QX2`, or its code) or employee id.
 * - `range`: a range `[a TO b]` (`{a TO b}` leaves the ends out; `*` is open).
 */
export type HuntFieldKind = 'keyword' | 'text' | 'list' | 'person' | 'time' | 'number';

export interface HuntField {
  name: string;
  kind: HuntFieldKind;
  /** What the field holds, in a few words. */
  description: string;
  example: string;
}

export const huntFields: readonly HuntField[] = [
  { name: 'source', kind: 'keyword', description: 'Log source', example: 'source:windows' },
  {
    name: 'category',
    kind: 'keyword',
    description: 'Topic of the event',
    example: 'category:file',
  },
  {
    name: 'activity',
    kind: 'keyword',
    description: 'Normalized activity',
    example: 'activity:usb_write',
  },
  {
    name: 'action',
    kind: 'keyword',
    description: "The source's own verb",
    example: 'action:FileUploaded',
  },
  {
    name: 'outcome',
    kind: 'keyword',
    description: 'success or failure',
    example: 'outcome:failure',
  },
  { name: 'app', kind: 'keyword', description: 'Application', example: 'app:Dropbox' },
  { name: 'ip', kind: 'keyword', description: 'Client address', example: 'ip:203.0.113.*' },
  {
    name: 'location',
    kind: 'text',
    description: 'Where a sign-in came from',
    example: 'location:Lagos',
  },
  {
    name: 'person',
    kind: 'person',
    description: 'Pseudonym or employee id',
    example: 'person:"Person 7F3K-9QX2"',
  },
  {
    name: 'file.name',
    kind: 'keyword',
    description: 'File name',
    example: 'file.name:*forecast*.xlsx',
  },
  {
    name: 'file.path',
    kind: 'text',
    description: 'Words of the path',
    example: 'file.path:Finance',
  },
  {
    name: 'file.label',
    kind: 'keyword',
    description: 'Sensitivity label',
    example: 'file.label:Confidential',
  },
  {
    name: 'file.destination',
    kind: 'keyword',
    description: 'Where the data went',
    example: 'file.destination:personal_email',
  },
  { name: 'file.size', kind: 'number', description: 'Bytes', example: 'file.size:[10000000 TO *]' },
  {
    name: 'email.recipient',
    kind: 'list',
    description: 'Any recipient address',
    example: 'email.recipient:*@gmail.com',
  },
  {
    name: 'email.domain',
    kind: 'list',
    description: "Any recipient's domain",
    example: 'email.domain:gmail.com',
  },
  {
    name: 'email.subject',
    kind: 'text',
    description: 'Words of the subject',
    example: 'email.subject:"board deck"',
  },
  {
    name: 'chat.channel',
    kind: 'keyword',
    description: 'Chat channel',
    example: 'chat.channel:general',
  },
  {
    name: 'repository',
    kind: 'keyword',
    description: 'Code repository',
    example: 'repository:*payments*',
  },
  {
    name: 'device.name',
    kind: 'keyword',
    description: 'Device name',
    example: 'device.name:LAPTOP-*',
  },
  {
    name: 'process.name',
    kind: 'keyword',
    description: 'Process image',
    example: 'process.name:*\\\\powershell.exe',
  },
  {
    name: 'process.command',
    kind: 'text',
    description: 'Words of the command line',
    example: 'process.command:"-EncodedCommand"',
  },
  { name: 'target', kind: 'keyword', description: 'What was acted on', example: 'target:*vpn*' },
  {
    name: 'time',
    kind: 'time',
    description: 'Event time, a date or ISO time',
    example: 'time:[2026-11-01 TO 2026-11-15]',
  },
  {
    name: 'raw.<path>',
    kind: 'keyword',
    description: 'Any field of the raw record',
    example: 'raw.EventData.TargetFilename:*lsass*',
  },
];

/** The prefix of raw-record fields: `raw.EventData.TargetFilename`. */
export const RAW_FIELD_PREFIX = 'raw.';

/** The field names a query may use, for the sentence listing them. */
export const huntFieldNames: readonly string[] = huntFields.map((f) => f.name);

/** The field called `name`, or a raw-record field, or undefined. */
export function huntFieldOf(name: string): HuntField | undefined {
  if (name.startsWith(RAW_FIELD_PREFIX)) return huntFields.find((f) => f.name === 'raw.<path>');
  return huntFields.find((f) => f.name === name);
}
