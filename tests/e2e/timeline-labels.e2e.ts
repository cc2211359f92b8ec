import { expect, test } from '@playwright/test';

import { adminApi, signIn } from './support/vigil';

test('the timeline filtered to a label shows that label on every row, and whole times', async ({
  page,
}) => {
  const api = await adminApi(page.request);
  const list = (await (await api.get('/investigations')).json()) as {
    items?: Array<{ id: string; title: string }>;
    investigations?: Array<{ id: string; title: string }>;
  };
  const demo = (list.items ?? list.investigations ?? []).find((c) =>
    c.title.startsWith('Departing employee'),
  )!;
  await signIn(page, 'admin');
  for (const label of ['Confidential', 'Highly Confidential']) {
    await page.goto(
      `/app/investigations/${demo.id}/timeline?label=${encodeURIComponent(label)}&activity=usb_write,email_send`,
    );
    const grid = page.getByRole('grid', { name: 'Subject timeline' });
    const rows = grid.getByRole('row').filter({ has: page.getByRole('gridcell') });
    await expect(rows.first()).toBeVisible();
    // Columns: Time, Source, What happened, Label, App, Outcome.
    const labels = grid.locator('[role="gridcell"][aria-colindex="4"]');
    // A first row may be there before the page's rows are (CI, 30 Nov: none yet when read).
    await expect(labels.first()).toBeVisible();
    const texts = await labels.allTextContents();
    expect(texts.length, label).toBeGreaterThan(0);
    // USB copies and mail lost the label on the way; the file carries it, so the row shows it.
    expect(texts.filter((text) => text !== label)).toEqual([]);
    const times = grid.locator('[role="gridcell"][aria-colindex="1"] .dt-cell-content');
    const cut = await times.evaluateAll((cells) =>
      cells.filter((cell) => cell.scrollWidth > cell.clientWidth).map((cell) => cell.textContent),
    );
    expect(cut).toEqual([]);
  }
});
