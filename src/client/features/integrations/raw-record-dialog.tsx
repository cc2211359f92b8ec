import type { QuarantinedRecord } from '../../../shared/schemas/quarantine';
import { Dialog } from '../../components/dialog';
import { formatDateTime } from '../../components/format';
import { formatBytes, visibleRaw } from './visible-raw';

/**
 * One quarantined record whole: where it came from, why it was set aside, and its raw text as
 * text (never markup), with NUL, control characters and half characters written as escapes.
 * Escape (or Enter on Close, which has the focus) closes it; Tab reaches the text to scroll it.
 */
export function RawRecordDialog(props: { record: QuarantinedRecord; onClose: () => void }) {
  const { record } = props;
  const text = visibleRaw(record);
  return (
    <Dialog
      title={`Record #${record.position} of run ${record.runId}`}
      onClose={props.onClose}
      wide
      footer={
        <button type="button" className="button" onClick={props.onClose}>
          Close
        </button>
      }
    >
      <div className="stack">
        <dl className="collection-facts">
          <dt>Reason</dt>
          <dd>{record.reason}</dd>
          <dt>Read as</dt>
          <dd>{record.source === 'auto' ? 'detected from the record' : record.source}</dd>
          <dt>Size</dt>
          <dd>
            {formatBytes(record.rawBytes)}
            {record.truncated
              ? ': only its first megabyte was kept, so it cannot be tried again'
              : ''}
          </dd>
          <dt>Set aside</dt>
          <dd>{formatDateTime(record.quarantinedAt)}</dd>
        </dl>
        {text !== record.raw || record.rawEncoding === 'json' ? (
          <p className="muted" style={{ margin: 0 }}>
            Characters that cannot be shown (a NUL, a control character or half of a character) are
            written as <code>\uXXXX</code>; the download has the record as it was read.
          </p>
        ) : null}
        <pre className="raw-record" tabIndex={0} aria-label="Raw record">
          {text === '' ? <span className="faint">(empty record)</span> : text}
        </pre>
      </div>
    </Dialog>
  );
}
