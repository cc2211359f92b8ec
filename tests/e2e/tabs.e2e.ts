import { expect, test } from '@playwright/test';

import { openCaseFromPalette, press, seedInvestigation, signIn } from './support/vigil';

test('a link to a case already open goes to its tab; Ctrl+Enter opens a second; the strip scrolls to the chosen tab', async ({
  page,
}) => {
  const target = await seedInvestigation(page.request, `Tab once ${Date.now()}`);
  await signIn(page, 'analyst');
  const strip = page.getByRole('tablist', { name: 'Workspace tabs' });
  const tabs = strip.getByRole('tab');

  await openCaseFromPalette(page, target.title);
  await expect(page).toHaveURL(new RegExp(`/app/investigations/${target.id}/?$`));
  await press(page, 't n');
  await expect(tabs).toHaveCount(2);

  // A deep link to a page of that case (a bookmark, a link in a note) opens in the case's tab.
  await page.goto(`/app/investigations/${target.id}/timeline?label=Confidential`);
  await expect(tabs).toHaveCount(2);
  await expect(tabs.nth(0)).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/\/timeline\?label=Confidential$/);

  // The modifier asks for a second tab on purpose.
  await press(page, 'Control+k');
  await page.keyboard.type(`#${target.title}`);
  await expect(page.getByRole('option', { name: new RegExp(target.title) }).first()).toBeVisible();
  await press(page, 'Control+Enter');
  await expect(tabs).toHaveCount(3);

  // Many tabs: the strip scrolls instead of running under "+", and the chosen tab is in view.
  for (let count = 4; count <= 15; count++) {
    await press(page, 't n');
    await expect(tabs).toHaveCount(count);
  }
  const newTab = page.getByRole('button', { name: 'New tab' });
  const stripBox = (await strip.boundingBox())!;
  const plusBox = (await newTab.boundingBox())!;
  expect(stripBox.x + stripBox.width).toBeLessThanOrEqual(plusBox.x + 1);
  expect(await strip.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  const inView = async (index: number) => {
    const box = (await tabs.nth(index).boundingBox())!;
    return box.x >= stripBox.x - 1 && box.x + box.width <= stripBox.x + stripBox.width + 1;
  };
  // New tabs open beside the focused one; the one just opened is in view.
  const selected = strip.locator('[role="tab"][aria-selected="true"]');
  const selectedInView = async () => {
    const box = (await selected.boundingBox())!;
    return box.x >= stripBox.x - 1 && box.x + box.width <= stripBox.x + stripBox.width + 1;
  };
  await expect.poll(selectedInView).toBe(true);
  // t 1 goes to the first tab, which scrolls back into view; [ wraps to the last one.
  await press(page, 't 1');
  await expect(tabs.nth(0)).toHaveAttribute('aria-selected', 'true');
  await expect.poll(() => inView(0)).toBe(true);
  expect(await inView(14)).toBe(false);
  await press(page, '[');
  await expect(tabs.nth(14)).toHaveAttribute('aria-selected', 'true');
  await expect.poll(() => inView(14)).toBe(true);
  expect(await inView(0)).toBe(false);
});
