import type { z } from 'zod';

import type { windowQuerySchema } from '../schemas/findings/common';

/** A key figure of the locker's summary: its label and unit. It links to its topic's page. */
interface FigureDefinition {
  readonly label: string;
  readonly unit?: string;
}

/**
 * One GET endpoint of a case's findings, as the catalogue declares it. The server registers
 * its route from this, and the client builds its query from this, so path, query and reply
 * are written down once.
 */
export interface FindingEndpoint {
  /** Path below /investigations/{id}/; `:name` marks a further path parameter. */
  readonly path: string;
  /** The evidence page it serves, or the part of the locker's index; audited with each read. */
  readonly page: string;
  /** One line for the OpenAPI document. */
  readonly title: string;
  /** What the query string accepts; `?window` alone when left out. */
  readonly query?: z.ZodType;
  /** What it answers. */
  readonly reply: z.ZodType;
  /** The path parameters after the investigation id, when the path has any. */
  readonly params?: z.ZodObject;
  /** The locker summary's key figures its detector computes, in the order they are shown. */
  readonly figures?: Readonly<Record<string, FigureDefinition>>;
  /** What it adds to its page's anomaly count, in words; its detector does the counting. */
  readonly anomalies?: string;
}

/** The query schema of an endpoint: its own, or `?window` alone. */
export type QuerySchemaOf<E> = E extends { readonly query: infer Q extends z.ZodType }
  ? Q
  : typeof windowQuerySchema;

/** The path parameters an endpoint takes after the investigation id (none: `{}`). */
export type ParamsOf<E> = E extends { readonly params: infer P extends z.ZodObject }
  ? z.output<P>
  : Record<never, never>;

/** The figure ids an endpoint declares (none: `never`). */
export type FigureIdOf<E> = E extends { readonly figures: infer F } ? keyof F & string : never;

/**
 * An endpoint's path with its parameters filled in, each URI-encoded. A missing parameter is
 * left empty, so the server answers with its own message about it.
 */
export function fillPath(path: string, params: Readonly<Record<string, string>> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_match, name: string) =>
    encodeURIComponent(params[name] ?? ''),
  );
}
