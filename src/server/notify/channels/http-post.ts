import { NetworkFailure, vendorRequest } from '../../ingest/collectors/vendor-http';
import { checkTargetUrl } from '../../ingest/collectors/outbound-url';
import { DeliveryFailure } from './channel-sender';

/**
 * POSTs a JSON body under the outbound rule (https to public hosts, checked again when the
 * name resolves); anything but a 2xx reply within the timeout is a DeliveryFailure.
 */
export async function postJson(
  rawUrl: string,
  body: string,
  headers: Record<string, string>,
  allowInsecure: boolean,
  timeoutMs: number,
): Promise<void> {
  const checked = checkTargetUrl(rawUrl, allowInsecure);
  if ('problem' in checked) throw new DeliveryFailure(`The channel's URL ${checked.problem}`);
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () =>
        reject(new DeliveryFailure(`The receiver did not answer within ${timeoutMs / 1000} s.`)),
      timeoutMs,
    );
  });
  try {
    const reply = await Promise.race([
      vendorRequest(checked.url, {
        method: 'POST',
        body,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Vigil notifications',
          ...headers,
        },
        allowInsecure,
        timeoutMs,
      }),
      deadline,
    ]);
    if (reply.status < 200 || reply.status > 299) {
      throw new DeliveryFailure(`The receiver answered ${reply.status}.`);
    }
  } catch (error) {
    if (error instanceof DeliveryFailure) throw error;
    const reason = error instanceof NetworkFailure || error instanceof Error ? error.message : '';
    throw new DeliveryFailure(`The receiver could not be reached${reason ? `: ${reason}` : ''}.`);
  } finally {
    clearTimeout(timer);
  }
}
