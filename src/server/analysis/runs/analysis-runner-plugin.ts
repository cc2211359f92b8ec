import fp from 'fastify-plugin';

import { AnalysisRunner } from './analysis-runner';
import type { RunnerOptions } from './analysis-runner';

/**
 * Runs the analysis runner alongside the server: it starts once the app is ready and stops
 * (finishing the run in progress) when the app closes. Registered by main.ts; tests leave it
 * out and call runAnalysis themselves, so nothing runs behind their backs.
 */
export const analysisRunnerPlugin = fp<RunnerOptions>(
  (app, options, done) => {
    const runner = new AnalysisRunner(app.database, app.log, options);
    app.addHook('onReady', async () => runner.start());
    app.addHook('preClose', async () => runner.stop());
    done();
  },
  { name: 'vigil-analysis-runner', dependencies: ['vigil-db'] },
);
