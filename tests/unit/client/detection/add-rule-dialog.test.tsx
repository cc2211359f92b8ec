// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { TestDetectionRuleReply } from '../../../../src/shared/schemas/detection-rules';
import { queryClient } from '../../../../src/client/api/query-client';
import { AddRuleDialog } from '../../../../src/client/features/detection/add-rule-dialog';
import { installKeyHandler } from '../../../../src/client/keymap/key-handler';
import { workspace } from '../../../../src/client/workspace/workspace-controller';
import { fakeDetectionApi, rule } from './fake-detection-api';

const SIGMA = [
  'title: Okta MFA factor removed',
  'logsource:',
  '  product: okta',
  '  service: okta',
  'detection:',
  '  selection:',
  '    eventtype|utf16le: user.mfa.factor.deactivate',
  '  condition: selection',
  'level: high',
].join('\n');

const subject = (id: string, fullName: string) => ({
  id,
  fullName,
  pseudonym: 'Person 0000-0000',
  identity: 'open' as const,
  email: `${id}@northwind.example`,
  department: 'Sales',
  title: null,
});

const TESTED: TestDetectionRuleReply = {
  days: 14,
  matchingEvents: 42,
  unmappedEvents: 5,
  alerts: 3,
  people: [
    { subject: subject('E1', 'Dana Whitfield'), matchingEvents: 30, alerts: 2 },
    { subject: subject('E2', 'Sam Ortega'), matchingEvents: 7, alerts: 1 },
  ],
  peopleNotExamined: 0,
};

let stopKeys: () => void = () => undefined;
beforeEach(() => {
  queryClient.clear();
  // The test key works on the Detection rules screen, where the add command opens the dialog.
  workspace.navigate('/app/admin/detection-rules');
  stopKeys = installKeyHandler();
});
afterEach(() => {
  cleanup();
  stopKeys();
  vi.unstubAllGlobals();
});

function renderDialog() {
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={queryClient}>
      <AddRuleDialog onClose={onClose} />
    </QueryClientProvider>,
  );
  const dialog = screen.getByRole('dialog', { name: 'Add detection rule' });
  return { dialog, onClose, source: within(dialog).getByRole('textbox', { name: 'Rule' }) };
}

describe('adding a detection rule', () => {
  it('shows the server’s refusal beside the rule, with its line, and puts the caret on that line', async () => {
    const user = userEvent.setup();
    const api = fakeDetectionApi([]);
    const { dialog, source } = renderDialog();
    expect(document.activeElement).toBe(source);
    await user.click(source);
    await user.paste(SIGMA);
    // The server's words, as its errors plugin sends a refusal about one field.
    const sentence = 'The rule cannot be used: line 7: the modifier "utf16le" is not supported.';
    api.refuseNext(400, {
      error: 'Bad Request',
      message: sentence,
      issues: [{ field: 'source', message: sentence }],
    });
    await user.keyboard('{Control>}{Enter}{/Control}');
    await within(dialog).findByText(sentence);
    expect(source.getAttribute('aria-invalid')).toBe('true');
    expect(api.changes()[0]!.body).toEqual({ format: 'sigma', source: SIGMA, enabled: false });
    // The caret is on line 7, the one the server named.
    expect(document.activeElement).toBe(source);
    const area = source as HTMLTextAreaElement;
    expect(area.value.slice(area.selectionStart, area.selectionEnd)).toBe(
      '    eventtype|utf16le: user.mfa.factor.deactivate',
    );
  });

  it('tests the rule with its own key and shows the events, the alerts and the people', async () => {
    const user = userEvent.setup();
    const api = fakeDetectionApi([], { testReply: TESTED });
    const { dialog, source } = renderDialog();
    await user.click(source);
    await user.paste(SIGMA);
    const days = within(dialog).getByRole('spinbutton', { name: 'Test over the last (days)' });
    expect(days).toHaveProperty('value', '30');
    await user.clear(days);
    await user.type(days, '14');
    await user.keyboard('{Control>}{Shift>}{Enter}{/Shift}{/Control}');
    const result = await within(dialog).findByRole('region', { name: 'Test result' });
    expect(api.changes().map((r) => [r.method, r.url.pathname, r.body])).toEqual([
      ['POST', '/api/app/detection/rules/test', { format: 'sigma', source: SIGMA, days: 14 }],
    ]);
    expect(within(result).getByRole('status').textContent).toBe(
      'Over the last 14 days, 42 events match and 3 alerts would be raised about 2 people.',
    );
    const figures = within(result).getByRole('list', { name: 'Test figures' }).textContent;
    expect(figures).toContain('Matching events 42');
    expect(figures).toContain('of which unmapped 5');
    expect(figures).toContain('Alerts it would raise 3');
    const rows = within(result).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Dana Whitfield · Sales302',
      'Sam Ortega · Sales71',
    ]);
    // Nothing was added; a changed text says the result is old.
    await user.type(source, ' ');
    expect(within(result).getByRole('status').textContent).toContain('test again');
  });

  it('says plainly when the rule would raise nothing', async () => {
    const user = userEvent.setup();
    fakeDetectionApi([], {
      testReply: { ...TESTED, matchingEvents: 0, unmappedEvents: 0, alerts: 0, people: [] },
    });
    const { dialog, source } = renderDialog();
    await user.click(source);
    await user.paste(SIGMA);
    await user.click(within(dialog).getByRole('button', { name: /^Test/ }));
    const result = await within(dialog).findByRole('region', { name: 'Test result' });
    expect(within(result).getByRole('status').textContent).toBe(
      'No event of the last 14 days matches this rule: no alert would be raised.',
    );
    expect(within(result).queryByRole('table')).toBeNull();
  });

  it('checks the days before sending, beside the field', async () => {
    const user = userEvent.setup();
    const api = fakeDetectionApi([]);
    const { dialog, source } = renderDialog();
    await user.click(source);
    await user.paste(SIGMA);
    const days = within(dialog).getByRole('spinbutton', { name: 'Test over the last (days)' });
    await user.clear(days);
    await user.type(days, '400');
    await user.click(within(dialog).getByRole('button', { name: /^Test/ }));
    expect(days.getAttribute('aria-invalid')).toBe('true');
    expect(api.changes()).toEqual([]);
  });

  it('adds the rule with Ctrl+Enter, disabled, tells so, and shows it in the list', async () => {
    const user = userEvent.setup();
    const added = rule('okta-mfa-factor-removed', {
      title: 'Okta MFA factor removed',
      format: 'sigma',
      origin: 'custom',
    });
    const api = fakeDetectionApi([], { added: [added] });
    const { source, onClose } = renderDialog();
    await user.click(source);
    await user.paste('{ "id": "x" }');
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    // A JSON text is Vigil's until the format is chosen.
    expect(api.changes()[0]!.body).toEqual({
      format: 'vigil',
      source: '{ "id": "x" }',
      enabled: false,
    });
    expect(workspace.currentLocation()).toBe(
      '/app/admin/detection-rules?rule=okta-mfa-factor-removed',
    );
  });

  it('reads an uploaded file into the text and takes its format from the name', async () => {
    const user = userEvent.setup();
    fakeDetectionApi([]);
    const { dialog, source } = renderDialog();
    const file = new File([SIGMA], 'okta.yml', { type: 'application/yaml' });
    await user.upload(within(dialog).getByLabelText('Upload a file'), file);
    await waitFor(() => expect(source).toHaveProperty('value', SIGMA));
    expect(within(dialog).getByRole('radio', { name: /Sigma/ })).toHaveProperty('checked', true);
  });
});
