import { useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';

import { evidencePageSlugs } from '../../../../shared/routes';
import { pinMarks } from '../../../state/pin-draft';
import { usePins } from '../../../api/findings/pins';

/** The search parameter that names the pinned row a page opens on (`?pin=<ref>`). */
export const PIN_PARAM = 'pin';

/** What the live pins of a case mark (see pinMarks), so a table can mark its pinned rows. */
export function usePinnedKeys(investigationId: string): ReadonlySet<string> {
  const pins = usePins(investigationId);
  return useMemo(() => new Set((pins.data?.pins ?? []).flatMap(pinMarks)), [pins.data]);
}

/** The evidence page on screen (its slug), which a pin from one of its tables comes from. */
export function useEvidencePageSlug(): string | null {
  const { pathname } = useLocation();
  const slug = /\/evidence-locker\/([^/?#]+)/.exec(pathname)?.[1] ?? null;
  return slug && (evidencePageSlugs as readonly string[]).includes(slug) ? slug : null;
}

/** The ref of the pinned row this page was opened on (`o` on a pin), if any. */
export function usePinTarget(): string | null {
  const [params] = useSearchParams();
  return params.get(PIN_PARAM);
}

/** The mark of a pinned row: a pushpin, named for screen readers. */
export function PinMark() {
  return (
    <span className="pin-mark" role="img" aria-label="Pinned">
      <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true" focusable="false">
        <path
          d="M10.5 1.5 14.5 5.5 13 7 12.2 6.3 9.6 8.9 9.9 12.4 8.6 13.7 5.9 11 2.5 14.5 1.5 13.5 5 10.1 2.3 7.4 3.6 6.1 7.1 6.4 9.7 3.8 9 3z"
          fill="currentColor"
        />
      </svg>
    </span>
  );
}
