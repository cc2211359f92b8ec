import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Investigation } from '../../../src/shared/schemas/investigations';
import type {
  CaseTemplate,
  ChecklistReply,
  ListTemplatesReply,
} from '../../../src/shared/schemas/templates';
import { startTestApp } from '../support/test-app';
import type { ApiClient, TestApp } from '../support/test-app';

const DAY = 86_400_000;

let t: TestApp;
let admin: ApiClient;
let investigator: ApiClient;
let auditor: ApiClient;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signInAs('admin');
  investigator = await t.signInAs('investigator');
  auditor = await t.signInAs('auditor');
});
afterAll(async () => {
  await t?.close();
});

const insiderSale = {
  name: 'Insider sale of customer data',
  description: 'Someone sells customer records.',
  caseType: 'fraud',
  windowDays: 45,
  steps: ['Find exports of the CRM', 'Check payments to the subject', 'Interview the manager'],
  evidencePages: ['file-access', 'app-access'],
  reportSections: ['summary', 'pins', 'notes'],
};

async function createTemplate(body: Record<string, unknown> = {}) {
  const reply = await admin.post<CaseTemplate>('/templates', { ...insiderSale, ...body });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body;
}

async function auditOf(action: string, targetId: string) {
  return t.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .where('target_id', '=', targetId)
    .execute();
}

async function openCase(client: ApiClient, body: Record<string, unknown>) {
  return client.post<Investigation & { message?: string }>('/investigations', {
    title: 'Case from a template',
    subjectEmployeeId: 'E1003',
    ...body,
  });
}

describe('shipped templates', () => {
  it('are present at start-up, specific and valid', async () => {
    const reply = await investigator.get<ListTemplatesReply>('/templates');
    expect(reply.status).toBe(200);
    const shipped = reply.body.templates.filter((template) => template.shipped);
    expect(shipped.map((template) => template.name).sort()).toEqual([
      'Data leak',
      'Departing employee data theft',
      'Security policy violation',
    ]);
    const departing = shipped.find((template) => template.id === 'departing-employee-data-theft')!;
    expect(departing.caseType).toBe('departing_employee');
    expect(departing.steps.map((step) => step.label)).toContain(
      'Review file movements to USB and personal cloud in the 30 days before the resignation date',
    );
    expect(departing.evidencePages).toContain('file-access');
    for (const template of shipped) {
      expect(template.steps.length).toBeGreaterThanOrEqual(5);
      expect(template.evidencePages.length).toBeGreaterThan(0);
      expect(template.reportSections.length).toBeGreaterThan(0);
    }
  });

  it('can be edited, the edit survives a restart, and cannot be deleted', async () => {
    const edited = await admin.patch<CaseTemplate>('/templates/security-policy-violation', {
      windowDays: 21,
    });
    expect(edited.status).toBe(200);
    expect(edited.body.windowDays).toBe(21);
    // What start-up runs again: it inserts only what is missing.
    const { ensureShippedTemplates } =
      await import('../../../src/server/case/templates/shipped-templates');
    expect(await ensureShippedTemplates(t.db, Date.now())).toBe(0);
    const after = await admin.get<ListTemplatesReply>('/templates');
    const policy = after.body.templates.find((x) => x.id === 'security-policy-violation');
    expect(policy?.windowDays).toBe(21);

    const removal = await admin.delete('/templates/security-policy-violation');
    expect(removal.status).toBe(409);
    expect(removal.body.message).toBe(
      '"Security policy violation" ships with Vigil: it can be edited, not deleted.',
    );
  });
});

describe('template administration', () => {
  it('creates, edits and deletes a template, auditing each change', async () => {
    const created = await createTemplate();
    expect(created).toMatchObject({
      name: insiderSale.name,
      caseType: 'fraud',
      windowDays: 45,
      evidencePages: ['file-access', 'app-access'],
      reportSections: ['summary', 'pins', 'notes'],
      shipped: false,
      updatedBy: { id: admin.user!.id },
    });
    expect(created.steps.map((step) => step.label)).toEqual(insiderSale.steps);
    expect(new Set(created.steps.map((step) => step.id)).size).toBe(3);

    const listed = await investigator.get<ListTemplatesReply>('/templates');
    expect(listed.body.templates.map((x) => x.id)).toContain(created.id);

    // Reworded in place (id sent), moved, one removed, one added.
    const [find, payments] = created.steps;
    const edited = await admin.patch<CaseTemplate>(`/templates/${created.id}`, {
      name: 'Insider sale of customer records',
      steps: [
        'Check payments to the subject',
        { id: find!.id, label: 'Find exports of the CRM and of billing' },
        'Ask finance for unusual refunds',
      ],
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.steps[0]!.id).toBe(payments!.id);
    expect(edited.body.steps[1]).toEqual({
      id: find!.id,
      label: 'Find exports of the CRM and of billing',
    });
    expect([find!.id, payments!.id]).not.toContain(edited.body.steps[2]!.id);

    const updates = await auditOf('template.update', created.id);
    expect(updates).toHaveLength(1);
    expect(updates[0]!.actor_user_id).toBe(admin.user!.id);
    expect(JSON.stringify(updates[0]!.details)).toContain('Insider sale of customer records');

    const removal = await admin.delete(`/templates/${created.id}`);
    expect(removal.status).toBe(204);
    const gone = await admin.patch(`/templates/${created.id}`, { windowDays: 3 });
    expect(gone.status).toBe(404);
    expect(await auditOf('template.create', created.id)).toHaveLength(1);
    expect(await auditOf('template.delete', created.id)).toHaveLength(1);
  });

  it('refuses a name already taken, whatever its case, with 409', async () => {
    const clash = await admin.post('/templates', { ...insiderSale, name: 'DATA LEAK' });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe(
      'A template with that name exists already: choose another name.',
    );
    const other = await createTemplate({ name: 'Sabotage of builds' });
    const rename = await admin.patch(`/templates/${other.id}`, { name: 'Data leak' });
    expect(rename.status).toBe(409);
  });

  it('lets only admins write, and only who may open cases read', async () => {
    const write = await investigator.post('/templates', { ...insiderSale, name: 'Not mine' });
    expect(write.status).toBe(403);
    const edit = await investigator.patch('/templates/data-leak', { windowDays: 2 });
    expect(edit.status).toBe(403);
    const remove = await investigator.delete('/templates/data-leak');
    expect(remove.status).toBe(403);
    const read = await auditor.get('/templates');
    expect(read.status).toBe(403);
    const names = await admin.get<ListTemplatesReply>('/templates');
    expect(names.body.templates.some((x) => x.name === 'Not mine')).toBe(false);
  });

  it('refuses unknown evidence pages, report sections and bad steps with 400', async () => {
    const page = await admin.post('/templates', {
      ...insiderSale,
      name: 'Bad page',
      evidencePages: ['file-access', 'tea-room'],
    });
    expect(page.status).toBe(400);
    expect(page.body.issues[0].field).toBe('evidencePages.1');
    const section = await admin.post('/templates', {
      ...insiderSale,
      name: 'Bad section',
      reportSections: ['summary', 'gossip'],
    });
    expect(section.status).toBe(400);
    expect(section.body.issues[0].field).toBe('reportSections.1');
    const none = await admin.post('/templates', { ...insiderSale, name: 'No steps', steps: [] });
    expect(none.status).toBe(400);
    expect(none.body.message).toMatch(/at least one checklist step/);
    const many = await admin.post('/templates', {
      ...insiderSale,
      name: 'Too many steps',
      steps: Array.from({ length: 41 }, (_, i) => `Step ${i + 1}`),
    });
    expect(many.status).toBe(400);
    const window = await admin.post('/templates', {
      ...insiderSale,
      name: 'Long',
      windowDays: 731,
    });
    expect(window.status).toBe(400);
    const ghostStep = await admin.patch('/templates/data-leak', {
      steps: [{ id: 'no-such-step', label: 'x' }],
    });
    expect(ghostStep.status).toBe(400);
    const listed = await admin.get<ListTemplatesReply>('/templates');
    expect(listed.body.templates.some((x) => x.name.startsWith('Bad'))).toBe(false);
  });
});

describe('a case opened from a template', () => {
  it('takes its type, window and a copy of its checklist; later edits do not change it', async () => {
    const template = await createTemplate({ name: 'Fraud walk-through' });
    const before = Date.now();
    const opened = await openCase(investigator, { templateId: template.id });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    expect(opened.body.type).toBe('fraud');
    expect(opened.body.windowEnd - opened.body.windowStart).toBe(45 * DAY);
    expect(opened.body.windowEnd).toBe(Math.floor(before / DAY) * DAY + DAY);

    const path = `/investigations/${opened.body.id}/checklist`;
    const checklist = await investigator.get<ChecklistReply>(path);
    expect(checklist.status).toBe(200);
    expect(checklist.body.templateId).toBe(template.id);
    expect(checklist.body.template).toEqual({
      id: template.id,
      name: 'Fraud walk-through',
      evidencePages: ['file-access', 'app-access'],
      reportSections: ['summary', 'pins', 'notes'],
    });
    expect(checklist.body.steps.map((s) => [s.id, s.label, s.done])).toEqual(
      template.steps.map((s) => [s.id, s.label, false]),
    );
    expect(checklist.body.progress).toEqual({ done: 0, total: 3 });

    await admin.patch(`/templates/${template.id}`, { steps: ['Something else entirely'] });
    const unchanged = await investigator.get<ChecklistReply>(path);
    expect(unchanged.body.steps.map((s) => s.label)).toEqual(insiderSale.steps);

    await admin.delete(`/templates/${template.id}`);
    const orphan = await investigator.get<ChecklistReply>(path);
    expect(orphan.body.template).toBeNull();
    expect(orphan.body.templateId).toBe(template.id);
    expect(orphan.body.progress.total).toBe(3);
  });

  it('keeps a type and window given with the template', async () => {
    const opened = await openCase(investigator, {
      templateId: 'data-leak',
      type: 'sabotage',
      windowStart: '2026-01-01',
      windowEnd: '2026-02-01',
    });
    expect(opened.status).toBe(201);
    expect(opened.body.type).toBe('sabotage');
    expect(opened.body.windowStart).toBe(Date.UTC(2026, 0, 1));
    expect(opened.body.windowEnd).toBe(Date.UTC(2026, 1, 1));
  });

  it('refuses an unknown template with 400 and opens nothing', async () => {
    const count = async () =>
      (await t.db.selectFrom('investigations').select('id').execute()).length;
    const before = await count();
    const reply = await openCase(investigator, { templateId: 'no-such-template' });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe('There is no template with that id.');
    expect(await count()).toBe(before);
  });

  it('a case without a template has an empty checklist', async () => {
    const opened = await openCase(investigator, { type: 'other' });
    const checklist = await investigator.get<ChecklistReply>(
      `/investigations/${opened.body.id}/checklist`,
    );
    expect(checklist.body).toEqual({
      templateId: null,
      template: null,
      steps: [],
      progress: { done: 0, total: 0 },
    });
  });
});

describe('ticking the checklist', () => {
  it('ticks and unticks a step, audited with its label, and updates progress', async () => {
    const opened = await openCase(investigator, { templateId: 'departing-employee-data-theft' });
    const id = opened.body.id;
    const step = 'usb-cloud-before-resignation';
    const ticked = await investigator.patch<ChecklistReply>(
      `/investigations/${id}/checklist/${step}`,
      { done: true },
    );
    expect(ticked.status).toBe(200);
    const total = ticked.body.steps.length;
    expect(ticked.body.progress).toEqual({ done: 1, total });
    const mine = ticked.body.steps.find((s) => s.id === step)!;
    expect(mine.done).toBe(true);
    expect(mine.doneBy?.id).toBe(investigator.user!.id);
    expect(mine.doneAt).toBeGreaterThan(0);

    const tick = await auditOf('checklist.tick', id);
    expect(tick).toHaveLength(1);
    expect(JSON.stringify(tick[0]!.details)).toContain(
      'Review file movements to USB and personal cloud in the 30 days before the resignation date',
    );
    // The same state again changes nothing and is not audited twice.
    await investigator.patch(`/investigations/${id}/checklist/${step}`, { done: true });
    expect(await auditOf('checklist.tick', id)).toHaveLength(1);

    const unticked = await investigator.patch<ChecklistReply>(
      `/investigations/${id}/checklist/${step}`,
      { done: false },
    );
    expect(unticked.body.progress).toEqual({ done: 0, total });
    expect(await auditOf('checklist.untick', id)).toHaveLength(1);
  });

  it('answers 404 for an unknown step and for a case the caller cannot see', async () => {
    const opened = await openCase(investigator, { templateId: 'data-leak' });
    const unknown = await investigator.patch(
      `/investigations/${opened.body.id}/checklist/no-such-step`,
      { done: true },
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toMatch(/no step with that id/);
    const stranger = await t.signInAs('investigator');
    const hidden = await stranger.patch(
      `/investigations/${opened.body.id}/checklist/pin-the-path`,
      { done: true },
    );
    expect(hidden.status).toBe(404);
    const read = await stranger.get(`/investigations/${opened.body.id}/checklist`);
    expect(read.status).toBe(404);
    const bad = await investigator.patch(
      `/investigations/${opened.body.id}/checklist/pin-the-path`,
      { done: 'yes' },
    );
    expect(bad.status).toBe(400);
  });

  it('refuses to tick a step of a closed case', async () => {
    const opened = await openCase(investigator, { templateId: 'data-leak' });
    const id = opened.body.id;
    // Closed directly: how a case is closed is another part of the case record.
    await t.db
      .updateTable('investigations')
      .set({ status: 'closed' })
      .where('id', '=', id)
      .execute();
    const reply = await investigator.patch(`/investigations/${id}/checklist/pin-the-path`, {
      done: true,
    });
    expect(reply.status).toBe(409);
    const checklist = await investigator.get<ChecklistReply>(`/investigations/${id}/checklist`);
    expect(checklist.body.progress.done).toBe(0);
  });
});

describe('the OpenAPI document', () => {
  it('lists the template and checklist routes', async () => {
    const reply = await admin.get('/openapi.json');
    expect(reply.status).toBe(200);
    const paths = Object.keys(reply.body.paths);
    for (const path of [
      '/api/app/templates',
      '/api/app/templates/{id}',
      '/api/app/investigations/{id}/checklist',
      '/api/app/investigations/{id}/checklist/{stepId}',
    ])
      expect(paths).toContain(path);
  });
});
