import { describe, expect, it } from 'vitest';

import { storableRaw } from '../../../../src/server/ingest/quarantine/quarantine-row';
import { rawPreview, visibleRaw } from '../../../../src/client/features/integrations/visible-raw';

/** A record as the API hands it: stored by the server's own rule, then shown. */
const shown = (text: string) => {
  const { raw, rawEncoding } = storableRaw(text);
  return visibleRaw({ raw, rawEncoding });
};

describe('a quarantined record shown on screen', () => {
  it('shows a NUL and a lone surrogate as escapes, not as characters that cut or garble the page', () => {
    expect(shown('{"actor":"a\u0000b"}')).toBe('{"actor":"a\\u0000b"}');
    expect(shown('{"name":"\ud800x"}')).toBe('{"name":"\\ud800x"}');
    expect(shown('{"name":"x\udc00"}')).toBe('{"name":"x\\udc00"}');
  });

  it('keeps a whole emoji (a surrogate pair), quotes, backslashes, tabs and line breaks as they were', () => {
    const text = '{"note":"ok 😀 \\"quoted\\" C:\\\\temp"}\n\tnext';
    expect(shown(text)).toBe(text);
    expect(shown('a\u0000\\n')).toBe('a\\u0000\\n');
  });

  it('escapes other control characters of a plain record (ESC, DEL) and leaves markup as text', () => {
    expect(shown('\u001b[31mred\u007f')).toBe('\\u001b[31mred\\u007f');
    expect(shown('<img src=x onerror=alert(1)>')).toBe('<img src=x onerror=alert(1)>');
  });

  it('previews one line, cut for a cell', () => {
    const long = `{"a":"${'x'.repeat(300)}"}`;
    expect(rawPreview({ raw: 'one\n  two', rawEncoding: 'text' })).toBe('one two');
    expect(rawPreview({ raw: long, rawEncoding: 'text' })).toHaveLength(160);
  });
});
