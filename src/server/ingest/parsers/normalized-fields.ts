import { describeType } from '../errors';
import type { RecordContext } from './define-parser';
import type { JsonObject } from './fields';
import { field, isObject, textList } from './fields';

/**
 * Typed readers for Vigil's own normalized format, where a wrong type is the uploader's mistake
 * to fix, not drift to absorb: each says which field is wrong and what it should be. Fields are
 * looked up by their JSON name (`actorEmail`, `file.name`) or their flat CSV column
 * (`actor_email`, `file_name`); CSV values arrive as strings and are converted.
 */
export class NormalizedFields {
  private readonly record: JsonObject;
  private readonly context: RecordContext;

  constructor(record: JsonObject, context: RecordContext) {
    this.record = record;
    this.context = context;
  }

  /** The raw value of `path` (e.g. `file.name`) or of its CSV column (`file_name`). */
  raw(path: string, column = toColumn(path)): unknown {
    const [head, tail] = path.split('.') as [string, string | undefined];
    const nested =
      tail === undefined ? field(this.record, head) : field(field(this.record, head), tail);
    const value = nested ?? field(this.record, column);
    return value === '' ? null : value;
  }

  /** Text, or null when absent; numbers are accepted as their decimal text. */
  text(path: string): string | null {
    const value = this.raw(path);
    if (value === undefined || value === null) return null;
    if (typeof value === 'string') return value;
    if (typeof value === 'number') return String(value);
    return this.wrong(path, value, 'text');
  }

  /** A whole number, or null when absent. */
  integer(path: string): number | null {
    const value = this.raw(path);
    if (value === undefined || value === null) return null;
    if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
    if (typeof value === 'string' && /^-?\d+$/.test(value.trim())) return Number(value);
    return this.wrong(path, value, 'a whole number');
  }

  /** true/false, or null when absent. */
  boolean(path: string): boolean | null {
    const value = this.raw(path);
    if (value === undefined || value === null) return null;
    if (typeof value === 'boolean') return value;
    if (typeof value === 'string' && /^(true|false)$/i.test(value.trim())) {
      return value.trim().toLowerCase() === 'true';
    }
    return this.wrong(path, value, 'true or false');
  }

  /** A list of texts: a JSON array, or a CSV cell separated by `;`. */
  list(path: string): string[] {
    const value = this.raw(path);
    if (value === undefined || value === null) return [];
    if (typeof value === 'string') return textList(value.replaceAll(',', ';'));
    if (Array.isArray(value) && value.every((item) => typeof item === 'string'))
      return textList(value);
    return this.wrong(path, value, 'a list of texts');
  }

  /** An object: a JSON object, or a CSV cell holding JSON. */
  object(path: string): JsonObject | null {
    const value = this.raw(path);
    if (value === undefined || value === null) return null;
    if (isObject(value)) return value;
    if (typeof value === 'string') {
      try {
        const parsed = JSON.parse(value) as unknown;
        if (isObject(parsed)) return parsed;
      } catch {
        // Reported below with the field name.
      }
    }
    return this.wrong(path, value, 'a JSON object');
  }

  /** True when any of the fields has a value (to tell "no file" from "a file without a name"). */
  any(paths: readonly string[]): boolean {
    return paths.some((path) => {
      const value = this.raw(path);
      return value !== undefined && value !== null;
    });
  }

  private wrong(path: string, value: unknown, expected: string): never {
    return this.context.fail(
      `wrong type: \`${path}\` is ${describeType(value)}, expected ${expected}`,
    );
  }
}

/** `file.name` → `file_name`, `actorEmail` → `actor_email`. */
export function toColumn(path: string): string {
  return path.replace('.', '_').replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}
