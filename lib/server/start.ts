import 'server-only';
import { describeError, logger } from './log/logger';
import { database } from './db/client';
import { env } from './env';
import { reconcilePayments } from './payments/payments';
import { applyPaymentDeadlines } from './payments/deadlines';
import { gatewayRefusal, gatewayStartLine } from './payments/gateway-choice';
import { startPushDelivery } from './push/worker';
import { startMailDelivery } from './mail/worker';
import { smsRefusal, smsStartLine } from './sms/provider-choice';
import { startSmsDelivery } from './sms/worker';
import { stampSocketAddresses } from './http/socket-address';
import { refuseMalformedPaths } from './http/malformed-path';
import { refuseUnknownLanguagePages } from './http/unknown-language';
import { stampUnknownPages } from './http/unknown-pages';
import { answerUnparsableRequests } from './http/header-overflow';
import { hashStaticPageScripts } from './http/static-page-csp';
import { refuseUnknownMethods } from './http/unknown-method';
import { answerHotRoutes } from './http/hot-routes';
import { frontDoorServed } from './http/front-door';
import { startHousekeeping } from './auth/housekeeping';
import { tickOpenings } from './openings/openings';
import { singleFlight } from './jobs/single-flight';

/** A bad environment stops the start with a clear message; the database is migrated before the first request. */
export async function startServer() {
  try {
    env();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  // Fail closed: a server with no gateway keys away from localhost would otherwise take
  // "payments" with the published test cards, or none at all (gateway-choice.ts).
  const refusal = gatewayRefusal();
  if (refusal) {
    console.error(refusal);
    process.exit(1);
  }
  // A provider named (or half-configured) without every value it needs: one line per missing value (provider-choice.ts).
  const smsMissing = smsRefusal();
  if (smsMissing.length > 0) {
    for (const line of smsMissing) console.error(line);
    process.exit(1);
  }
  // The front door (front-door.ts; docs/ARCHITECTURE.md, "The way in"): what the HTTP server does with a request
  // before Next.js sees it. The last step added sees each request first.
  if (!frontDoorServed() && process.env.NODE_ENV === 'production') {
    logger.warn('started without scripts/server.mjs (npm start): the front door is closed, so malformed paths, unknown methods and the opening queue go to Next.js');
  }
  // Before the first request: rate limits need the peer's address (socket-address.ts).
  stampSocketAddresses();
  // The opening minute's busiest requests, answered by their own route handlers without Next.js's routing (hot-routes.ts).
  answerHotRoutes();
  // A path Next.js cannot decode would be its bare 500 (malformed-path.ts).
  refuseMalformedPaths();
  // A public page's address under a first segment that is no language and that the proxy never sees (/fonts, /__nextjs_x/faqs): a 404, never rendered and kept on disk (unknown-language.ts).
  refuseUnknownLanguagePages();
  // An unknown static page, and an address no route claims, are drawn per request by the catch-all: they leave as a 404 (unknown-pages.ts).
  stampUnknownPages();
  // Headers too large, or a request Node cannot parse: an answer in the API's shape, not a bare status line (header-overflow.ts).
  answerUnparsableRequests();
  // The prerendered public pages leave with the hashes of their inline scripts as their CSP, and may be cached (static-page-csp.ts).
  hashStaticPageScripts();
  // A method no route takes (TRACE, PROPFIND, TRACK, CONNECT): a 405 with Allow, never Next.js's 500. Installed last, so it sees each request first (unknown-method.ts).
  refuseUnknownMethods();
  const { kind } = await database();
  logger.info('database ready', { kind });
  // One line when new payments go through the test gateway, on the embedded default too: "Test payments: no money
  // is taken" in both languages (issue 58, item 9); a warning on a site others reach (PAYMENT_GATEWAY=test).
  const gateway = gatewayStartLine();
  if (gateway) logger[gateway.level](gateway.message);
  const sms = smsStartLine();
  logger[sms.level](sms.message);
  startReconciliation();
  startOpenings();
  startHousekeeping();
  startMailDelivery();
  startSmsDelivery();
  startPushDelivery().catch((error) => logger.error('push delivery did not start', { error: describeError(error) }));
}

const RECONCILE_EVERY_MS = 3 * 60 * 1000;

/**
 * At start and every few minutes: re-verifies open payments (a lost webhook never
 * leaves a paid request unpaid), reminds and expires unpaid requests.
 */
function startReconciliation() {
  const run = () =>
    reconcilePayments()
      .then(() => applyPaymentDeadlines())
      .catch((error) => logger.error('payment jobs failed', { error: describeError(error) }));
  void run();
  setInterval(run, RECONCILE_EVERY_MS).unref();
}

/**
 * Every second, on every instance: the openings' draw, admissions and end (docs/OPENING.md). Each step is atomic
 * in the queue's store, so instances ticking together admit each place once; one tick at a time per instance.
 */
function startOpenings() {
  const tick = singleFlight(() => tickOpenings(), 'opening tick failed');
  setInterval(tick, 1000).unref();
}
