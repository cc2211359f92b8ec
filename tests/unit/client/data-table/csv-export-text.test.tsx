// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import type { IncidentSummary } from '../../../../src/shared/schemas/incidents';
import { DataTable } from '../../../../src/client/components/data-table/data-table';
import { activeList } from '../../../../src/client/components/data-table/list-controller';
import { incidentColumns } from '../../../../src/client/features/incidents/incident-columns';
import { installGridEnvironment } from './support/grid-env';

installGridEnvironment();

const firstSeen = 1_793_801_019_000;
const incident: IncidentSummary = {
  id: 'inc-1',
  investigationId: 'inv-1',
  ruleId: 'usb-exfiltration',
  title: 'Files copied to USB',
  severity: 'high',
  status: 'acknowledged',
  statusReason: null,
  statusBy: null,
  statusAt: null,
  techniques: ['T1052.001'],
  firstSeen,
  lastSeen: firstSeen + 3_600_000,
  why: '42 files in 5 minutes',
  eventCount: 42,
  createdAt: firstSeen,
  updatedAt: firstSeen,
};

/** The CSV the export downloads, read back from its Blob. */
async function exportedCsv(): Promise<string> {
  const blobs: Blob[] = [];
  URL.createObjectURL = vi.fn((blob: Blob) => {
    blobs.push(blob);
    return 'blob:incidents';
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  act(() => screen.getByRole('grid').focus());
  act(() => activeList()!.exportCsv());
  // jsdom's Blob has no text() nor arrayBuffer(); FileReader reads it.
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new TextDecoder().decode(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable blob'));
    reader.readAsArrayBuffer(blobs[0]!);
  });
}

describe('CSV export of a table', () => {
  it('writes what the table shows: labels and ISO 8601 times with offset, not machine values', async () => {
    render(
      <DataTable
        label="Incidents"
        columns={incidentColumns}
        rows={[incident]}
        getRowId={(i) => i.id}
      />,
    );
    const [header, row] = (await exportedCsv()).split('\r\n');
    const cells = Object.fromEntries(
      header!.split(',').map((name, index) => [name, row!.split(',')[index]]),
    );
    expect(cells.Severity).toBe('High');
    expect(cells.Status).toBe('Acknowledged');
    expect(cells['First seen']).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
    expect(Date.parse(cells['First seen']!)).toBe(firstSeen);
    expect(cells.Techniques).toBe('T1052.001');
    expect(cells.Events).toBe('42');
  });
});
