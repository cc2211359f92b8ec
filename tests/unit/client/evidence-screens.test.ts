import { describe, expect, it } from 'vitest';

import { evidenceScreens, strayPageFiles } from '../../../src/client/app/evidence-screens';
import { evidencePageSlugs } from '../../../src/shared/findings/catalogue';

describe('the evidence pages and their screens', () => {
  it('find one screen file for every evidence page of the catalogue', () => {
    expect(Object.keys(evidenceScreens)).toEqual(
      evidencePageSlugs.map((slug) => `evidence.${slug}`),
    );
  });

  it('leave no page file that names no evidence page', () => {
    expect(strayPageFiles).toEqual([]);
  });
});
