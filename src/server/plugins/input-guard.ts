import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

import { unstorableText } from '../../shared/schemas/storable-text';
import { invalid } from '../domain-error';

/** How deeply a JSON body may nest. No API payload comes near it; SQLite's JSON stops at 1,000. */
export const MAX_BODY_DEPTH = 64;

interface Frame {
  value: unknown;
  depth: number;
  parent: Frame | null;
  key: string;
}

function isContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  if (Array.isArray(value)) return true;
  if (value === null || typeof value !== 'object') return false;
  // Parsed JSON and query strings (whose objects inherit from a bare prototype) only: a stream
  // (the push body) or a buffer has a longer chain and is not walked.
  const proto = Object.getPrototypeOf(value) as object | null;
  return proto === null || Object.getPrototypeOf(proto) === null;
}

function pathOf(frame: Frame): string {
  const keys: string[] = [];
  for (let at: Frame | null = frame; at?.parent; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.');
}

/** What is wrong with a part of a request: where (a dotted path, '' for the whole part) and what. */
export interface InputProblem {
  where: string;
  problem: string;
}

/**
 * The first problem in a parsed request part: a string or object key that cannot be stored, or
 * nesting past `maxDepth`. Walks with its own stack, so a hostile depth cannot overflow the
 * call stack.
 */
export function inputProblem(root: unknown, maxDepth: number): InputProblem | null {
  const stack: Frame[] = [{ value: root, depth: 0, parent: null, key: '' }];
  while (stack.length > 0) {
    const frame = stack.pop()!;
    const { value } = frame;
    if (typeof value === 'string') {
      const problem = unstorableText(value);
      if (problem) return { where: pathOf(frame), problem };
      continue;
    }
    if (!isContainer(value)) continue;
    if (frame.depth >= maxDepth) {
      return { where: '', problem: `is nested too deeply (more than ${maxDepth} levels)` };
    }
    for (const [key, child] of Object.entries(value)) {
      const problem = unstorableText(key);
      if (problem) return { where: pathOf(frame), problem: `has a key that ${problem}` };
      stack.push({ value: child, depth: frame.depth + 1, parent: frame, key });
    }
  }
  return null;
}

/** Refuses with a sentence in the shape of the validation errors: part, field, problem. */
function refuse(part: string, { where, problem }: InputProblem): never {
  throw invalid(where ? `${part} is invalid: ${where} ${problem}.` : `${part} ${problem}.`);
}

function checkAddress(request: FastifyRequest): void {
  const params = inputProblem(request.params, 2);
  if (params) refuse('The path', params);
  const query = inputProblem(request.query, 8);
  if (query) refuse('The query string', query);
}

/**
 * Refuses, for every route, input no database can store and JSON nested past MAX_BODY_DEPTH,
 * with a 400 and a sentence. Done here rather than in each zod schema because strings also
 * arrive as object keys and inside free-form values (pin snapshots, keymap arguments) that no
 * string schema sees. The path and query are checked on arrival, before any hook reads them
 * (the push route looks its integration up in onRequest); the body once it is parsed.
 */
export const inputGuardPlugin = fp(
  (app, _options, done) => {
    app.addHook('onRequest', async (request) => checkAddress(request));
    app.addHook('preValidation', async (request) => {
      const problem = inputProblem(request.body, MAX_BODY_DEPTH);
      if (problem) refuse('The request body', problem);
    });
    done();
  },
  { name: 'vigil-input-guard' },
);
