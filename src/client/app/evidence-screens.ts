import type { ComponentType } from 'react';

import { evidencePageSlugs } from '../../shared/findings/catalogue';
import type { EvidencePageSlug } from '../../shared/findings/catalogue';
import type { ScreenLoader } from './route-tree';

const pageFiles = import.meta.glob<{ default: ComponentType }>(
  '../features/evidence/pages/*-page.tsx',
);

const fileOf = (slug: string) => `../features/evidence/pages/${slug}-page.tsx`;

/** The page files that match no evidence page of the catalogue (a unit test wants none). */
export const strayPageFiles = Object.keys(pageFiles).filter(
  (file) => !evidencePageSlugs.some((slug) => fileOf(slug) === file),
);

/**
 * The screen of every evidence page, keyed by its route id, found by convention rather than
 * listed: the default export of `features/evidence/pages/<slug>-page.tsx`. A page of the
 * catalogue without its file fails here, when the app starts (and in the route table's test).
 */
export const evidenceScreens = Object.fromEntries(
  evidencePageSlugs.map((slug) => {
    const screen = pageFiles[fileOf(slug)];
    if (!screen) throw new Error(`The evidence page '${slug}' has no ${fileOf(slug)}.`);
    return [`evidence.${slug}`, screen];
  }),
) as Record<`evidence.${EvidencePageSlug}`, ScreenLoader>;
