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
}

/** The receiver did not take the message: a sentence for the delivery log. */
export class DeliveryFailure extends Error {
  override readonly name = 'DeliveryFailure';
}

/** Sends one message to one kind of channel; resolves once the receiver accepted it. */
export type ChannelSender = (message: NotificationMessage, target: SendTarget) => Promise<void>;
