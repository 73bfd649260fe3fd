import 'server-only';

/**
 * `authorized`: the payer's money is held on the card, not yet taken; the
 * portal captures it (then `paid`) or voids it (then `failed`, nothing taken).
 */
export type GatewayStatus = 'initiated' | 'pending' | 'authorized' | 'paid' | 'failed';

/** A payment as the gateway itself reports it (never as the browser claims). */
export type GatewayPayment = {
  id: string;
  status: GatewayStatus;
  amountMinor: number;
  currency: string;
  failureReason: string | null;
  cardLast4: string | null;
  /** When the money was authorised, by the gateway's clock (an `authorized` answer): what the hold's end is compared with. */
  authorizedAt?: Date | null;
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
   * Takes the money of an authorised payment (all of it). Answers the gateway's
   * word afterwards: paid, or failed when it refuses (the authorisation lapsed,
   * the issuer said no); throws when it cannot be reached (nothing known, asked
   * again later). A gateway whose checkouts authorise first has it: the portal
   * captures only while the request still holds its places (payments.ts).
   */
  capturePayment?(providerPaymentId: string, amountMinor: number): Promise<GatewayPayment>;
  /**
   * Stops a checkout that has not been paid, so the payer can no longer pay it,
   * or releases an authorisation not captured (nothing is taken); answers the
   * gateway's word afterwards (paid, if the payer was quicker).
   * A gateway without such a call omits it: its checkouts end at `expiresAt`,
   * and money that still arrives for a voided payment is refunded.
   */
  voidPayment?(providerPaymentId: string): Promise<GatewayPayment>;
  /**
   * Gives back `amountMinor` of the money, beyond `refundedBeforeMinor` already given back of it (a package change's
   * refund, issue 57 item 6): a gateway that finds that much given back already (a retry after a lost answer) does nothing.
   */
  refundPayment?(providerPaymentId: string, amountMinor: number, refundedBeforeMinor?: number): Promise<void>;
}
