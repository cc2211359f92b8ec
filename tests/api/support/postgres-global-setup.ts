import pg from 'pg';
import type { TestProject } from 'vitest/node';

/** Where the throwaway test databases are created; the machine's PostgreSQL by default. */
export const adminUrl = process.env.VIGIL_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * Creates one throwaway database for this run (each test file then takes its own schema in it)
 * and drops it afterwards.
 */
export default async function setup(project: TestProject) {
  const name = `vigil_test_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  // A throwaway database need not wait for each commit to reach the disk: the suite commits
  // thousands of small transactions, and a crash only loses a database dropped anyway.
  await admin.query(`alter database ${name} set synchronous_commit = off`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  project.provide('pgUrl', url.toString());
  return async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string;
  }
}
