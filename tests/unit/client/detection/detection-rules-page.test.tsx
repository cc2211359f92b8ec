// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'jotai';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { queryClient } from '../../../../src/client/api/query-client';
import { AppDialogs } from '../../../../src/client/app/shell/app-dialogs';
import DetectionRulesPage from '../../../../src/client/features/detection/detection-rules-page';
import { installKeyHandler } from '../../../../src/client/keymap/key-handler';
import { openDialogAtom } from '../../../../src/client/state/dialogs';
import { appStore } from '../../../../src/client/state/store';
import { workspace } from '../../../../src/client/workspace/workspace-controller';
import { installGridEnvironment } from '../data-table/support/grid-env';
import { RULE_ADMIN, fakeDetectionApi, rule } from './fake-detection-api';

installGridEnvironment();

const PATH = '/app/admin/detection-rules';

let stopKeys: () => void = () => undefined;
beforeEach(() => {
  queryClient.clear();
  appStore.set(openDialogAtom, null);
  // The keymap reads the view from the focused pane's location.
  workspace.navigate(PATH);
  stopKeys = installKeyHandler();
});
afterEach(() => {
  stopKeys();
  vi.unstubAllGlobals();
});

/** Where the page's own router is, so a test can read what it wrote to the URL. */
function Location() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

function renderRules(path = PATH) {
  return render(
    <Provider store={appStore}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route
              path={PATH}
              element={
                <>
                  <DetectionRulesPage />
                  <Location />
                </>
              }
            />
          </Routes>
          <AppDialogs />
        </MemoryRouter>
      </QueryClientProvider>
    </Provider>,
  );
}

const grid = () => screen.getByRole('grid', { name: 'Detection rules' });
const inGrid = (text: string) => waitFor(() => within(grid()).getByText(text));
const cursorRow = () => grid().querySelector('[data-cursor]');
const bodyRows = () => within(grid()).getAllByRole('row').slice(1);

const RULES = [
  rule('bulk-download-then-usb', {
    title: 'Bulk download, then USB',
    severity: 'critical',
    policies: ['departing-data-theft', 'data-leaks'],
    watchlist: null,
    raiseOn: { watchlist: 'departing', severity: 'critical' },
  }),
  rule('event-log-cleared', {
    title: 'Event log cleared',
    severity: 'medium',
    techniques: ['T1070.001'],
    policies: ['security-policy-violations'],
  }),
  rule('okta-mfa-removed', {
    title: 'Okta MFA factor removed',
    format: 'sigma',
    origin: 'custom',
    enabled: false,
    source: 'title: Okta MFA factor removed\nlevel: high\n',
    createdBy: { id: 'u1', displayName: 'Inès Investigator', email: 'ines@vigil.test' },
    createdAt: Date.UTC(2026, 10, 3, 10),
  }),
];

describe('the Detection rules screen', () => {
  it('lists every rule with its format, origin, severity, techniques, policies and state', async () => {
    fakeDetectionApi(RULES);
    renderRules();
    await inGrid('Bulk download, then USB');
    const headers = within(grid())
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers.join('|')).toMatch(
      /Rule.*Format.*Origin.*Severity.*Techniques.*Policies.*Enabled/,
    );
    const first = bodyRows()[0]!.textContent;
    expect(first).toContain('Vigil');
    expect(first).toContain('Shipped');
    expect(first).toContain('Critical');
    expect(first).toContain('T1052.001');
    expect(first).toContain('Data theft by departing employees, Data leaks');
    expect(first).toContain('Enabled');
    const custom = bodyRows()[2]!.textContent;
    expect(custom).toContain('Sigma');
    expect(custom).toContain('Custom');
    expect(custom).toContain('Disabled');
    expect(screen.getByText(/3 rules, 2 enabled/)).toBeTruthy();
  });

  it('filters by policy preset and by format, from the URL and back into it', async () => {
    const user = userEvent.setup();
    fakeDetectionApi(RULES);
    renderRules(`${PATH}?policy=security-policy-violations`);
    await inGrid('Event log cleared');
    expect(bodyRows()).toHaveLength(1);
    expect(screen.getByRole('combobox', { name: 'Policy' })).toHaveProperty(
      'value',
      'security-policy-violations',
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Policy' }), '');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Format' }), 'sigma');
    await inGrid('Okta MFA factor removed');
    expect(bodyRows()).toHaveLength(1);
    expect(screen.getByTestId('location').textContent).toBe(`${PATH}?format=sigma`);
  });

  it('opens a rule beside the list with Enter: its source read only, whom it watches, its policies', async () => {
    const user = userEvent.setup();
    fakeDetectionApi(RULES);
    renderRules();
    await inGrid('Bulk download, then USB');
    act(() => grid().focus());
    await user.keyboard('{Enter}');
    const panel = await screen.findByRole('complementary', {
      name: 'Rule Bulk download, then USB',
    });
    expect(panel.textContent).toContain('Everyone');
    await waitFor(() =>
      expect(panel.textContent).toContain('to Critical for people on Departing employees'),
    );
    expect(within(panel).getByRole('region', { name: /Source/ }).textContent).toBe(
      '{ "id": "bulk-download-then-usb" }',
    );
    expect(screen.getByTestId('location').textContent).toBe(`${PATH}?rule=bulk-download-then-usb`);
    await user.keyboard('jo');
    await screen.findByRole('complementary', { name: 'Rule Event log cleared' });
  });

  it('e switches the rule under the cursor on and off with one PATCH each', async () => {
    const user = userEvent.setup();
    const api = fakeDetectionApi(RULES);
    renderRules();
    await inGrid('Okta MFA factor removed');
    act(() => grid().focus());
    await user.keyboard('jj');
    expect(cursorRow()?.textContent).toContain('Okta MFA factor removed');
    await user.keyboard('e');
    await waitFor(() => expect(api.changes()).toHaveLength(1));
    expect(api.changes()[0]!.method).toBe('PATCH');
    expect(api.changes()[0]!.url.pathname).toBe('/api/app/detection/rules/okta-mfa-removed');
    expect(api.changes()[0]!.body).toEqual({ enabled: true });
    await waitFor(() => expect(cursorRow()?.textContent).toContain('Enabled'));
    await user.keyboard('e');
    await waitFor(() => expect(api.changes()).toHaveLength(2));
    expect(api.changes()[1]!.body).toEqual({ enabled: false });
    await waitFor(() => expect(cursorRow()?.textContent).toContain('Disabled'));
  });

  it('Delete asks first, with Cancel focused, then deletes a custom rule and moves on', async () => {
    const user = userEvent.setup();
    const api = fakeDetectionApi(RULES);
    renderRules();
    await inGrid('Okta MFA factor removed');
    act(() => grid().focus());
    await user.keyboard('jj{Delete}');
    const dialog = await screen.findByRole('dialog', { name: 'Delete detection rule?' });
    expect(dialog.textContent).toContain('Okta MFA factor removed');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    // Enter on Cancel deletes nothing.
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.changes()).toEqual([]);
    act(() => grid().focus());
    await user.keyboard('{Shift>}D{/Shift}');
    const again = await screen.findByRole('dialog', { name: 'Delete detection rule?' });
    await user.keyboard('{Tab}{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.changes().map((r) => [r.method, r.url.pathname])).toEqual([
      ['DELETE', '/api/app/detection/rules/okta-mfa-removed'],
    ]);
    expect(again.isConnected).toBe(false);
    await waitFor(() => expect(within(grid()).queryByText('Okta MFA factor removed')).toBeNull());
    expect(cursorRow()?.textContent).toContain('Event log cleared');
  });

  it('says why a shipped rule cannot be deleted, and asks the server nothing', async () => {
    const user = userEvent.setup();
    const api = fakeDetectionApi(RULES);
    renderRules(`${PATH}?rule=event-log-cleared`);
    const panel = await screen.findByRole('complementary', { name: 'Rule Event log cleared' });
    const remove = within(panel).getByRole('button', { name: 'Delete…' });
    expect(remove.getAttribute('aria-disabled')).toBe('true');
    await user.click(remove);
    act(() => grid().focus());
    await user.keyboard('{Delete}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.changes()).toEqual([]);
  });

  it('leaves a rule someone else added to them: its Delete says who may', async () => {
    const user = userEvent.setup();
    const theirs = rule('their-rule', {
      title: 'Their rule',
      origin: 'custom',
      createdBy: { id: 'u9', displayName: 'Ada Park', email: 'ada@vigil.test' },
      createdAt: Date.UTC(2026, 10, 3),
    });
    const api = fakeDetectionApi([theirs]);
    renderRules(`${PATH}?rule=their-rule`);
    const panel = await screen.findByRole('complementary', { name: 'Rule Their rule' });
    await waitFor(() =>
      expect(
        within(panel).getByRole('button', { name: 'Delete…' }).getAttribute('aria-disabled'),
      ).toBe('true'),
    );
    act(() => grid().focus());
    await user.keyboard('{Delete}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.changes()).toEqual([]);
  });

  it('lets a role without configuration.manage read the rules but change none', async () => {
    const user = userEvent.setup();
    const api = fakeDetectionApi(RULES, {
      permissions: RULE_ADMIN.filter((p) => p !== 'configuration.manage'),
    });
    renderRules();
    await inGrid('Bulk download, then USB');
    expect(screen.getByRole('button', { name: 'Add rule…' }).getAttribute('aria-disabled')).toBe(
      'true',
    );
    act(() => grid().focus());
    await user.keyboard('e');
    expect(api.changes()).toEqual([]);
  });

  it('tells a role that may not see alerts why, and asks the server nothing about rules', async () => {
    const api = fakeDetectionApi(RULES, { permissions: ['investigations.read', 'evidence.read'] });
    renderRules();
    await screen.findByText('Detection rules are not open to your role');
    expect(api.sent.some((r) => r.url.pathname.startsWith('/api/app/detection'))).toBe(false);
  });
});
