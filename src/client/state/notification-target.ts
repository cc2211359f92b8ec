import type { Channel, Delivery } from '../../shared/schemas/notifications';

/**
 * What the notification commands act on: the Notification channels screen answers with the
 * channel under its cursor, the Delivery log with the delivery under its cursor (as the
 * detection rule commands do with their screen).
 */
export interface ChannelTarget {
  channel(): Channel | null;
  /** Sends a test message to the channel under the cursor. */
  test(): void;
}

export interface DeliveryTarget {
  delivery(): Delivery | null;
  /** Sends the delivery under the cursor again. */
  retry(): void;
}

let channelTarget: ChannelTarget | null = null;
let deliveryTarget: DeliveryTarget | null = null;

/** Makes the channels screen the target of `notifications.testChannel`; returns the undo. */
export function setChannelTarget(next: ChannelTarget): () => void {
  channelTarget = next;
  return () => {
    if (channelTarget === next) channelTarget = null;
  };
}

export function currentChannelTarget(): ChannelTarget | null {
  return channelTarget;
}

/** Makes the delivery log the target of `notifications.retryDelivery`; returns the undo. */
export function setDeliveryTarget(next: DeliveryTarget): () => void {
  deliveryTarget = next;
  return () => {
    if (deliveryTarget === next) deliveryTarget = null;
  };
}

export function currentDeliveryTarget(): DeliveryTarget | null {
  return deliveryTarget;
}

/** A channel or rule under the cursor of its screen, for switching it and deleting it. */
export interface NotificationItemTarget {
  kind: 'channel' | 'rule';
  /** The name of the item under the cursor, or null when the list is empty. */
  name(): string | null;
  toggleEnabled(): void;
  /** Opens the item under the cursor to change it. */
  edit(): void;
  /** Asks before deleting the item under the cursor. */
  remove(): void;
}

let itemTarget: NotificationItemTarget | null = null;

/** Makes the channels or rules screen the target of the switch and delete commands. */
export function setNotificationItemTarget(next: NotificationItemTarget): () => void {
  itemTarget = next;
  return () => {
    if (itemTarget === next) itemTarget = null;
  };
}

export function currentNotificationItemTarget(): NotificationItemTarget | null {
  return itemTarget;
}
