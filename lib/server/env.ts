import 'server-only';
import path from 'node:path';
import { z } from 'zod';

// Every variable the server reads, validated once. A bad value stops the start
// with one clear line per problem (see instrumentation.ts).
const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATA_DIR: z.string().min(1).default('./.data'),
  DATABASE_URL: z
    .string()
    .refine((value) => /^postgres(ql)?:\/\/.+/.test(value), 'must be a postgres:// or postgresql:// URL')
    .optional(),
  REDIS_URL: z
    .string()
    .refine((value) => /^rediss?:\/\/.+/.test(value), 'must be a redis:// or rediss:// URL')
    .optional(),
  // The back office's key for /api/v1/ops (X-Ops-Key); unset, every ops call is refused.
  OPS_API_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
  // The site's public address (canonical links, sitemap, gateway return URLs); see lib/server/http/origin.ts.
  APP_URL: z.string().url().optional(),
  // The gateway for new payments (lib/server/payments/gateway-choice.ts): unset picks by the keys present.
  PAYMENT_GATEWAY: z.enum(['test', 'moyasar']).optional(),
  // Hours a submitted request has to be paid before it expires (a reminder goes out 24 hours before).
  PAYMENT_DEADLINE_HOURS: z.coerce.number().int().min(25).max(24 * 30).default(72),
  // How many reverse proxies in front of the app append to X-Forwarded-For (rate limits by address).
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  // Registrations (made or refused as taken) one address may attempt per hour; the test harnesses raise it.
  REGISTRATIONS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).max(100000).default(10),
  // E-mail through an SMTP server (nodemailer); unset, each message is written as an .eml file in DATA_DIR/mail.
  SMTP_URL: z
    .string()
    .refine((value) => /^smtps?:\/\/.+/.test(value), 'must be an smtp:// or smtps:// URL')
    .optional(),
  // The sender of every e-mail, e.g. "Labbaik Pilgrim Services" <no-reply@example.org>.
  MAIL_FROM: z
    .string()
    .refine((value) => /^[^<>@\s]+@[^<>@\s]+$|<[^<>@\s]+@[^<>@\s]+>$/.test(value.trim()), 'must be an e-mail address, optionally "Name" <address>')
    .optional(),
  // Text messages (lib/server/sms/provider-choice.ts): unifonic or twilio; unset, picked by the keys present, else
  // each message is a JSON file in DATA_DIR/sms (`npm run sms -- --latest`).
  SMS_PROVIDER: z.enum(['file', 'unifonic', 'twilio']).optional(),
  UNIFONIC_APP_SID: z.string().min(1).optional(),
  UNIFONIC_SENDER_ID: z.string().min(1).max(11, 'must be at most 11 characters (a registered sender name)').optional(),
  UNIFONIC_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  UNIFONIC_API_URL: z.string().url().default('https://el.cloud.unifonic.com'),
  TWILIO_ACCOUNT_SID: z.string().regex(/^AC[0-9a-fA-F]{32}$/, 'must be an account SID (AC and 32 hex digits)').optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  // The sender: a number in E.164 (+1…), an alphanumeric sender, or a Messaging Service SID (MG…).
  TWILIO_FROM: z.string().min(1).optional(),
  TWILIO_API_URL: z.string().url().default('https://api.twilio.com'),
  // Text messages one account may be sent a day (notices; the mobile codes have their own limits).
  SMS_DAILY_CAP_PER_ACCOUNT: z.coerce.number().int().min(1).max(1000).default(10),
  // Firebase web app settings, read at run time (no rebuild to switch them on).
  // With these four, Google sign-in is offered; see lib/server/firebase/config.ts.
  FIREBASE_API_KEY: z.string().min(1).optional(),
  FIREBASE_AUTH_DOMAIN: z.string().min(1).optional(),
  FIREBASE_PROJECT_ID: z.string().min(1).optional(),
  FIREBASE_APP_ID: z.string().min(1).optional(),
  // Google's public keys for Firebase ID tokens (JWK set); tests point it at a local key set.
  FIREBASE_JWKS_URL: z
    .string()
    .url()
    .default('https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com'),
  // Push through FCM instead of standard Web Push when these are set too.
  FIREBASE_MESSAGING_SENDER_ID: z.string().min(1).optional(),
  FIREBASE_VAPID_KEY: z.string().min(1).optional(),
  FIREBASE_SERVICE_ACCOUNT_JSON: z.string().min(1).optional(),
  // Seconds between keep-alive comments on the live notification stream (proxies close idle connections).
  // The least severe log lines written to stdout/stderr (one JSON object per line).
  LOG_LEVEL: z.enum(['info', 'warn', 'error', 'silent']).default('info'),
  STREAM_HEARTBEAT_SECONDS: z.coerce.number().min(1).max(300).default(15),
  // How long each instance keeps a session it looked up (0: no cache). Ended
  // sessions are forgotten at once everywhere (LISTEN/NOTIFY); this bounds the rest.
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(30),
  // Extra origins push messages may be sent to besides the browsers' push services
  // (comma-separated, e.g. a self-hosted push server); the tests use a local one.
  WEB_PUSH_ALLOWED_ORIGINS: z.string().optional(),
  // Contact address in the VAPID claims of Web Push messages (mailto: or https:).
  WEB_PUSH_SUBJECT: z.string().regex(/^(mailto:|https:\/\/)/, 'must start with mailto: or https://').default('mailto:office@example.org'),
});

export type Env = z.infer<typeof schema>;

function readEnv(source: Record<string, string | undefined>): Env {
  // Empty strings count as unset, as in .env.example.
  const values = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const result = schema.safeParse(values);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  return result.data;
}

let cached: Env | undefined;

export function env(): Env {
  cached ??= readEnv(process.env);
  return cached;
}

/** For tests that change the environment. */
export function resetEnvForTests() {
  cached = undefined;
}

export function dataDir(): string {
  return path.resolve(env().DATA_DIR);
}

export { readEnv };
