// How a notice reached the pilgrim, per channel (issue 62, item 4): queued, sent (the provider, the SMTP server or
// the push service took it), delivered (a delivery receipt said so: text messages), or failed: for good
// (failed_permanent: refused, a dead address or subscription, no more tries) or for now (failed_temporary: retried).
export const DELIVERY_CHANNELS = ['sms', 'email', 'push'] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];
export const DELIVERY_STATES = ['queued', 'sent', 'delivered', 'failed_permanent', 'failed_temporary'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];
