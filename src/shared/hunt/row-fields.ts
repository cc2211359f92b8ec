import type { HuntRow } from '../schemas/hunt';

/** One value of a hunt row that is a hunting field: what a grid cell or an opened event pivots on. */
export interface HuntRowField {
  /** The grid column showing it. */
  column: string;
  /** Its name in words ("File name"). */
  label: string;
  /** The hunting field it is (src/shared/hunt/fields.ts). */
  field: string;
  value: (row: HuntRow) => string | null;
}

/**
 * The values of a hunt row one may pivot on, in the order an opened event lists them. A person
 * pivots on their pseudonym, which names them without revealing anyone.
 */
export const huntRowFields: readonly HuntRowField[] = [
  { column: 'fileName', label: 'File name', field: 'file.name', value: (r) => r.fileName },
  { column: 'person', label: 'Person', field: 'person', value: (r) => r.person?.pseudonym ?? null },
  { column: 'source', label: 'Source', field: 'source', value: (r) => r.source },
  { column: 'category', label: 'Category', field: 'category', value: (r) => r.category },
  { column: 'activity', label: 'Activity', field: 'activity', value: (r) => r.activity },
  { column: 'action', label: 'Action', field: 'action', value: (r) => r.action },
  { column: 'outcome', label: 'Outcome', field: 'outcome', value: (r) => r.outcome },
  { column: 'app', label: 'App', field: 'app', value: (r) => r.app },
  {
    column: 'destination',
    label: 'Destination',
    field: 'file.destination',
    value: (r) => r.destination,
  },
  { column: 'fileLabel', label: 'Label', field: 'file.label', value: (r) => r.fileLabel },
  { column: 'device', label: 'Device', field: 'device.name', value: (r) => r.device },
  { column: 'target', label: 'Target', field: 'target', value: (r) => r.target },
];

/** Whether a grid column holds a hunting field (one a cell pivots on). */
export function isHuntFieldColumn(column: string): boolean {
  return huntRowFields.some((f) => f.column === column);
}

/** A value of a row to pivot on: its field, the value, and the field's name in words. */
export interface HuntPivotValue {
  label: string;
  field: string;
  value: string;
}

/** The values of a row one may pivot on (those it has). */
export function pivotValuesOf(row: HuntRow): HuntPivotValue[] {
  return huntRowFields.flatMap((f) => {
    const value = f.value(row);
    return value ? [{ label: f.label, field: f.field, value }] : [];
  });
}

/** The value of a row in a grid column, when that column is a hunting field and has one. */
export function pivotValueAt(row: HuntRow, column: string | null): HuntPivotValue | null {
  const f = huntRowFields.find((candidate) => candidate.column === column);
  const value = f?.value(row);
  return f && value ? { label: f.label, field: f.field, value } : null;
}
