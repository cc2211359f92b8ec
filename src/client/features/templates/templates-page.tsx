import { NoDataYet } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';

/** Investigation templates (checklists and default windows per case type). */
export default function TemplatesPage() {
  return (
    <div className="page">
      <PageHeader title="Templates" subtitle="Reusable starting points for new investigations" />
      <NoDataYet what="no templates have been defined">
        Templates are not available in this version of Vigil. New investigations start from the type
        you choose.
      </NoDataYet>
    </div>
  );
}
