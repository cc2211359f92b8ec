import tls from 'node:tls';

import type { NotificationMessage } from '../notification-message';

/** Where and how one delivery goes: the channel's settings with its secrets opened. */
export interface SendTarget {
  /** Settings and secrets together, as the channel was configured. */
  settings: Record<string, unknown>;
  /** A person's own address for a personal notification; '' for the channel's own list. */
  recipient: string;
  /** VIGIL_ALLOW_HTTP_CONNECTORS: plain http and private addresses allowed. */
  allowInsecure: boolean;
  /** How long a receiver has to accept the message. */
  timeoutMs: number;
  /** Certificates trusted besides the system's for TLS (tests' self-signed receivers). */
  trustedCa?: readonly string[];
}

/**
 * The TLS trust of a connection: the system's roots plus any extra certificates, or nothing
 * (Node's defaults) when there are none. Verification is never switched off.
 */
export function tlsTrust(target: SendTarget): { ca?: string[] } {
  return target.trustedCa && target.trustedCa.length > 0
    ? { ca: [...tls.rootCertificates, ...target.trustedCa] }
    : {};
}

/** The receiver did not take the message: a sentence for the delivery log. */
export class DeliveryFailure extends Error {
  override readonly name = 'DeliveryFailure';
}

/** Sends one message to one kind of channel; resolves once the receiver accepted it. */
export type ChannelSender = (message: NotificationMessage, target: SendTarget) => Promise<void>;
