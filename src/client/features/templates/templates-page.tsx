import { useSetAtom } from 'jotai';
import { useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';

import type { CaseTemplate } from '../../../shared/schemas/templates';
import { useMe, usePermissions } from '../../api/auth/me';
import { useTemplates } from '../../api/templates/list-templates';
import { mayOpenRoute } from '../../commands/navigation/route-access';
import { runCommand } from '../../commands/run-command';
import {
  CANNOT_CHANGE_TEMPLATES,
  mayChangeTemplates,
} from '../../commands/templates/template-availability';
import { CommandButton } from '../../components/command-button';
import { DataTable } from '../../components/data-table/data-table';
import type { DataTableHandle } from '../../components/data-table/data-table';
import { EmptyState } from '../../components/empty-state';
import { Loading } from '../../components/loading';
import { PageHeader } from '../../components/page-header';
import { useKeyLabel } from '../../keymap/key-hint';
import { openDialogAtom } from '../../state/dialogs';
import { templateColumns } from './template-columns';
import { TemplateDetail } from './template-detail';
import { useTemplateActions } from './use-template-actions';
import './templates.css';

/**
 * Case templates: what a new investigation starts with (type, window, checklist), the pages to
 * review and the report's sections. Keys: j/k move, Enter or o shows the template beside the
 * list, n new, e edit, Delete (or D) deletes after asking; admins only for the last three.
 */
export default function TemplatesPage() {
  const me = useMe();
  const permissions = usePermissions();
  if (me.isPending) return <Loading />;
  if (!mayOpenRoute('templates', permissions)) {
    return (
      <div className="page">
        <PageHeader title="Templates" />
        <EmptyState title="Templates are not open to your role">
          Templates are starting points for new investigations: they need the permission to create
          investigations.
        </EmptyState>
      </div>
    );
  }
  return <TemplateList />;
}

function TemplateList() {
  const permissions = usePermissions();
  const templates = useTemplates();
  const [params, setParams] = useSearchParams();
  const openId = params.get('template');
  const table = useRef<DataTableHandle<CaseTemplate>>(null);
  const all = useMemo(() => templates.data?.templates ?? [], [templates.data]);
  const open = all.find((template) => template.id === openId) ?? null;
  const newKey = useKeyLabel('template.create');
  const openDialog = useSetAtom(openDialogAtom);

  const setOpen = (id: string | null) => {
    const next = new URLSearchParams(params);
    if (id) next.set('template', id);
    else next.delete('template');
    setParams(next, { replace: true });
  };

  const actions = useTemplateActions({
    template: () => table.current?.cursorRow() ?? null,
    onDeleted: (template) => {
      if (template.id === openId) setOpen(null);
      const handle = table.current;
      if (!handle) return;
      const ids = handle.rows().map((row) => row.id);
      const index = ids.indexOf(template.id);
      const next = ids[index + 1] ?? ids[index - 1];
      if (next) handle.moveCursorTo(next);
    },
  });

  const canChange = mayChangeTemplates(permissions);
  return (
    <div className="page templates-page">
      <PageHeader
        title="Templates"
        subtitle={
          templates.data
            ? `${all.length} templates. A case opened from one takes its type, window and checklist.`
            : 'Reusable starting points for new investigations'
        }
        actions={
          <CommandButton
            className="button primary"
            disabledReason={canChange ? null : CANNOT_CHANGE_TEMPLATES}
            hint={newKey ? `Steps, pages to review, report sections (${newKey})` : undefined}
            onClick={() => void runCommand('template.create', undefined, 'button')}
          >
            New template…
          </CommandButton>
        }
      />
      {templates.isError ? (
        <div className="alert error" role="alert">
          The templates could not be loaded: {templates.error.message}
        </div>
      ) : null}
      <div className={open ? 'templates-body with-detail' : 'templates-body'}>
        <DataTable
          label="Templates"
          columns={templateColumns}
          rows={all}
          getRowId={(template) => template.id}
          loading={templates.isLoading}
          height="fill"
          exportName="case-templates"
          mainGrid
          tableRef={table}
          selectedRowId={open?.id ?? null}
          onOpen={(template) => setOpen(template.id)}
          emptyMessage="No template yet."
        />
        {open ? (
          <TemplateDetail
            key={open.id}
            template={open}
            permissions={permissions}
            onOpenCase={() =>
              void runCommand('investigation.createFromTemplate', { templateId: open.id }, 'button')
            }
            onEdit={() => openDialog({ kind: 'editTemplate', templateId: open.id })}
            onDelete={() => actions.askDelete(open)}
            onClose={() => setOpen(null)}
          />
        ) : null}
      </div>
      {actions.dialog}
    </div>
  );
}
