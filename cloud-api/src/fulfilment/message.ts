/** A paid order to fulfil; the consumer reads everything else from D1, so a message can be retried. */
export interface FulfilmentMessage {
  orderId: string;
}
