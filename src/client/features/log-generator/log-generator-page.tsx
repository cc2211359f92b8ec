import { useState } from 'react';

import type { GeneratorRunBody } from '../../../shared/schemas/log-generator';
import { useMe } from '../../api/auth/me';
import { useCurrentGeneratorRun } from '../../api/dev/current-generator-run';
import { useStartGeneratorRun } from '../../api/dev/start-generator-run';
import { HttpError } from '../../api/http-error';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { GeneratorForm } from './generator-form';
import { GeneratorManifest } from './generator-manifest';
import { GeneratorProgress } from './generator-progress';
import './log-generator.css';

/** Developer tool: generate a synthetic organization's activity logs and ingest them. */
export default function LogGeneratorPage() {
  const me = useMe();
  const current = useCurrentGeneratorRun();
  const start = useStartGeneratorRun();
  const [error, setError] = useState<string | null>(null);
  const run = current.data?.run ?? null;

  if (me.data && !me.data.permissions.includes('dev.tools')) {
    return (
      <div className="page">
        <EmptyState title="You cannot run developer tools">
          Your role does not include the log generator.
        </EmptyState>
      </div>
    );
  }
  const onStart = (body: GeneratorRunBody) => {
    setError(null);
    start.mutate(body, {
      onError: (caught) =>
        setError(
          caught instanceof HttpError ? (caught.serverMessage ?? caught.message) : String(caught),
        ),
    });
  };
  return (
    <div className="page">
      <PageHeader
        title="Log generator"
        subtitle="Synthetic activity logs in every native format, with injected insider storylines, ingested into this server"
      />
      <section className="card" aria-labelledby="generator-options">
        <header>
          <h2 id="generator-options">Options</h2>
        </header>
        <GeneratorForm
          disabled={start.isPending || run?.status === 'running'}
          error={error}
          onStart={onStart}
        />
      </section>
      {run ? (
        <section className="card" aria-labelledby="generator-run">
          <header>
            <h2 id="generator-run">
              {run.status === 'running'
                ? 'Running'
                : run.status === 'succeeded'
                  ? 'Last run'
                  : 'Last run failed'}
            </h2>
          </header>
          <GeneratorProgress run={run} />
        </section>
      ) : null}
      {run?.manifest ? (
        <section className="card" aria-labelledby="generator-manifest">
          <header>
            <h2 id="generator-manifest">Manifest</h2>
          </header>
          <GeneratorManifest manifest={run.manifest} />
        </section>
      ) : null}
    </div>
  );
}
