import 'server-only';
import { env } from '@/lib/server/env';
import { publicSiteUrl } from '@/lib/server/http/origin';
import { loopbackSite } from '@/lib/server/payments/gateway-choice';
import { fileSink } from './file-sink';
import type { SmsProvider } from './provider';
import { twilioProvider } from './twilio';
import { unifonicProvider } from './unifonic';

type Source = Record<string, string | undefined>;

const KEYS = {
  unifonic: ['UNIFONIC_APP_SID', 'UNIFONIC_SENDER_ID', 'UNIFONIC_WEBHOOK_SECRET'],
  twilio: ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'],
} as const;
type Real = keyof typeof KEYS;

/**
 * Which provider sends text messages, from the environment alone (as the payment gateway is chosen):
 * - `SMS_PROVIDER=unifonic|twilio`, or any of that provider's keys set: that provider, with every key it needs
 *   (none while one is missing: the server refuses to start, naming each one);
 * - `SMS_PROVIDER=file`, or no key at all: the file sink (DATA_DIR/sms), said at start.
 * Keys of both providers without SMS_PROVIDER is a mistake too: which one was meant is not guessed.
 */
export type SmsChoice = { name: 'file' | Real } | { name: null; missing: string[]; asked: Real | 'both' };

export function chooseSmsProvider(source: Source = process.env): SmsChoice {
  const asked = source.SMS_PROVIDER || undefined;
  if (asked === 'file') return { name: 'file' };
  const given = (name: Real) => KEYS[name].some((key) => source[key]);
  const missingOf = (name: Real) => KEYS[name].filter((key) => !source[key]);
  const pick = asked === 'unifonic' || asked === 'twilio' ? asked : given('unifonic') && given('twilio') ? 'both' : given('unifonic') ? 'unifonic' : given('twilio') ? 'twilio' : undefined;
  if (pick === undefined) return { name: 'file' };
  if (pick === 'both') return { name: null, missing: ['SMS_PROVIDER'], asked: 'both' };
  const missing = missingOf(pick);
  return missing.length === 0 ? { name: pick } : { name: null, missing: [...missing], asked: pick };
}

/** Why the server must not start, one line per missing value; empty when text messages can go. */
export function smsRefusal(source: Source = process.env): string[] {
  const choice = chooseSmsProvider(source);
  if (choice.name !== null) return [];
  if (choice.asked === 'both') return ['SMS: keys of both Unifonic and Twilio are set; set SMS_PROVIDER=unifonic or SMS_PROVIDER=twilio.'];
  const provider = choice.asked === 'unifonic' ? 'Unifonic' : 'Twilio';
  return choice.missing.map((key) => `SMS: ${key} is not set (needed for ${provider}; or set SMS_PROVIDER=file to write messages to DATA_DIR/sms).`);
}

/** The line at start: which provider, and a warning when a site others reach writes its messages to files. */
export function smsStartLine(source: Source = process.env): { level: 'info' | 'warn'; message: string } {
  const choice = chooseSmsProvider(source);
  if (choice.name !== 'file') return { level: 'info', message: `SMS: sent through ${choice.name}` };
  return loopbackSite(source)
    ? { level: 'info', message: 'SMS: written to DATA_DIR/sms (no provider set); `npm run sms -- --latest` prints the newest' }
    : { level: 'warn', message: 'SMS: no provider set, so text messages are written to DATA_DIR/sms and reach nobody; set the UNIFONIC_* or TWILIO_* keys' };
}

let cached: { key: string; provider: SmsProvider } | undefined;
let override: SmsProvider | undefined;

/** The provider for this process's environment (its adapters are made once per set of values). */
export function smsProvider(): SmsProvider {
  if (override) return override;
  const settings = env();
  const choice = chooseSmsProvider(process.env);
  const key = JSON.stringify([choice.name, settings.UNIFONIC_API_URL, settings.TWILIO_API_URL, settings.UNIFONIC_APP_SID, settings.TWILIO_ACCOUNT_SID]);
  if (cached?.key === key) return cached.provider;
  const provider = makeProvider(choice, settings);
  cached = { key, provider };
  return provider;
}

function makeProvider(choice: SmsChoice, settings: ReturnType<typeof env>): SmsProvider {
  if (choice.name === 'unifonic') {
    return unifonicProvider({
      appSid: settings.UNIFONIC_APP_SID!,
      senderId: settings.UNIFONIC_SENDER_ID!,
      webhookSecret: settings.UNIFONIC_WEBHOOK_SECRET!,
      apiUrl: settings.UNIFONIC_API_URL,
    });
  }
  if (choice.name === 'twilio') {
    return twilioProvider({
      accountSid: settings.TWILIO_ACCOUNT_SID!,
      authToken: settings.TWILIO_AUTH_TOKEN!,
      from: settings.TWILIO_FROM!,
      apiUrl: settings.TWILIO_API_URL,
      statusCallback: `${publicSiteUrl()}/api/v1/webhooks/sms/twilio`,
    });
  }
  // A refused choice never gets here in a started server (start.ts stops first); the file sink loses nothing.
  return fileSink;
}

/** Tests replace the provider (a failing one, to see retries and fallbacks). */
export function setSmsProviderForTests(provider: SmsProvider | undefined) {
  override = provider;
  cached = undefined;
}
