import { z } from 'zod';

import { idParam } from '../../../shared/schemas/common';
import type { AlertRow } from '../../db/queries/alerts';
import { notFound } from '../../domain-error';

/** The path of one alert. */
export const alertParamsSchema = z.strictObject({ id: idParam });

/** The 404 for an alert that does not exist. */
export function alertNotFound() {
  return notFound('There is no alert with that id.');
}

/** The alert, or the 404. */
export function found(row: AlertRow | undefined): AlertRow {
  if (!row) throw alertNotFound();
  return row;
}
