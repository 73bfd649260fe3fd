import 'server-only';

export type GatewayStatus = 'initiated' | 'pending' | 'paid' | 'failed';

/** A payment as the gateway itself reports it (never as the browser claims). */
export type GatewayPayment = {
  id: string;
  status: GatewayStatus;
  amountMinor: number;
  currency: string;
  failureReason: string | null;
  cardLast4: string | null;
};

export interface PaymentProvider {
  readonly name: 'test' | 'moyasar';
  createPayment(input: {
    paymentId: string;
    amountMinor: number;
    currency: string;
    description: string;
    returnUrl: string;
    callbackUrl: string;
    /** The payment deadline: the gateway should refuse the checkout after it. */
    expiresAt?: Date;
  }): Promise<{ providerPaymentId: string; redirectUrl: string }>;
  /** Server to server: the gateway's own word on a payment. */
  fetchPayment(providerPaymentId: string): Promise<GatewayPayment>;
  /** Checks a webhook's signature and answers which payment it is about; a forged one throws. */
  verifyWebhook(request: Request, body: string): Promise<{ providerPaymentId: string }>;
  /**
   * Stops a checkout that has not been paid, so the payer can no longer pay it;
   * answers the gateway's word afterwards (paid, if the payer was quicker).
   * A gateway without such a call omits it: its checkouts end at `expiresAt`,
   * and money that still arrives for a voided payment is refunded.
   */
  voidPayment?(providerPaymentId: string): Promise<GatewayPayment>;
  /** Gives the money back (all of it). */
  refundPayment?(providerPaymentId: string, amountMinor: number): Promise<void>;
}
