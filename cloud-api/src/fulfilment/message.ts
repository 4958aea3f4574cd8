/** A paid order to fulfil; the consumer reads everything else from D1, so a message can be retried. */
export interface FulfilmentMessage {
  orderId: string;
}

/**
 * A payment that owes its provider a call (close its ended checkout, ask for the refund of money it cannot keep),
 * made from the queue so that no request or notification waits for a provider; D1 says which call is owed.
 */
export interface PaymentCallMessage {
  paymentId: string;
}

export type QueueMessage = FulfilmentMessage | PaymentCallMessage;
