import { useMemo } from 'react';

import type { ChartColors } from './chart-theme';
import { chartColors, documentVariables } from './chart-theme';
import { useThemeName } from './use-theme-name';

/**
 * The chart colours of the theme on <html>, recomputed when it switches. Chart uses them for
 * its layout; a page uses their `tones` for the series, markers and shapes it colours itself.
 */
export function useChartColors(): ChartColors {
  const theme = useThemeName();
  return useMemo(() => chartColors(documentVariables(), theme), [theme]);
}
