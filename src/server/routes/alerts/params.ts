import { z } from 'zod';

import { idParam } from '../../../shared/schemas/common';
import type { AlertRow } from '../../db/queries/alerts';
import { notFound } from '../../domain-error';

/** The path of one alert. */
export const alertParamsSchema = z.strictObject({ id: idParam });

/** The 404 for an alert that does not exist. */
export function alertNotFound(id: string) {
  return notFound(`There is no alert with id "${id}".`);
}

/** The alert, or the 404. */
export function found(row: AlertRow | undefined, id: string): AlertRow {
  if (!row) throw alertNotFound(id);
  return row;
}
