/**
 * The normalized event columns a rule may test, and what kind of value each holds. Anything
 * else in a rule file is refused when the rules load, so a typo never becomes a rule that
 * silently matches nothing. `attributes.<key>` reads one key of the attributes JSON as text.
 */
export const ruleFields = {
  source: 'text',
  category: 'text',
  activity: 'text',
  action: 'text',
  outcome: 'text',
  actor_email: 'text',
  app: 'text',
  ip: 'text',
  location: 'text',
  file_id: 'text',
  file_name: 'text',
  file_path: 'text',
  file_label: 'text',
  file_destination: 'text',
  email_subject: 'text',
  chat_channel: 'text',
  repository: 'text',
  device_id: 'text',
  device_name: 'text',
  device_os: 'text',
  process_name: 'text',
  command_line: 'text',
  parent_process: 'text',
  target: 'text',
  file_size: 'number',
  email_attachments: 'number',
  email_size: 'number',
  email_external: 'boolean',
  chat_external: 'boolean',
  chat_direct: 'boolean',
  device_managed: 'boolean',
  removable_media: 'boolean',
  /** Computed, not stored: outside the person's working hours or on a weekend, in their zone. */
  off_hours: 'boolean',
  email_recipients: 'list',
  email_domains: 'list',
} as const;

/** A column a rule may name. */
export type RuleColumn = keyof typeof ruleFields;

/** The kind of value a field holds: text, a number, a 0/1 flag or a JSON list of text. */
export type FieldKind = (typeof ruleFields)[RuleColumn];

const ATTRIBUTE = /^attributes\.([A-Za-z][A-Za-z0-9_]{0,63})$/;

/** A field a rule named, resolved: a column, or one key of `attributes` (always text). */
export type ResolvedField =
  { kind: FieldKind; column: RuleColumn } | { kind: 'text'; attribute: string };

/** Resolves a field name, or returns null when rules may not use it. */
export function resolveField(name: string): ResolvedField | null {
  if (Object.hasOwn(ruleFields, name)) {
    const column = name as RuleColumn;
    return { kind: ruleFields[column], column };
  }
  const match = ATTRIBUTE.exec(name);
  return match ? { kind: 'text', attribute: match[1]! } : null;
}

/** Fields that can be measured with `distinct` (text columns) or `sum` (numbers). */
export function isMeasurable(name: string, measure: 'distinct' | 'sum'): boolean {
  const field = resolveField(name);
  if (!field) return false;
  return measure === 'sum' ? field.kind === 'number' : field.kind === 'text';
}
