import { typeLabels } from '../../../shared/investigation-model';
import type { CaseTemplate } from '../../../shared/schemas/templates';
import type { DataTableColumn } from '../../components/data-table/data-table';
import { formatRelative } from '../../components/format';

/** The template list's columns; a few dozen templates at most, so every column sorts in memory. */
export const templateColumns: DataTableColumn<CaseTemplate>[] = [
  { id: 'name', header: 'Template', value: (t) => t.name, keyColumn: true },
  { id: 'type', header: 'Case type', value: (t) => typeLabels[t.caseType], width: 170 },
  {
    id: 'window',
    header: 'Window',
    value: (t) => t.windowDays,
    cell: (t) => `last ${t.windowDays} days`,
    exportText: (t) => String(t.windowDays),
    width: 120,
  },
  { id: 'steps', header: 'Steps', value: (t) => t.steps.length, width: 72 },
  { id: 'pages', header: 'Pages to review', value: (t) => t.evidencePages.length, width: 130 },
  {
    id: 'origin',
    header: 'Origin',
    // Words, so the filter box finds "shipped" templates.
    value: (t) => (t.shipped ? 'Shipped' : 'Custom'),
    width: 90,
  },
  {
    id: 'updated',
    header: 'Updated',
    value: (t) => t.updatedAt,
    cell: (t) => formatRelative(t.updatedAt),
    exportText: (t) => new Date(t.updatedAt).toISOString(),
    width: 120,
  },
  { id: 'id', header: 'Id', value: (t) => t.id, width: 220, hiddenByDefault: true },
];
