import { describe, expect, it } from 'vitest';
import { chooseSmsProvider, smsRefusal, smsStartLine } from './provider-choice';

const unifonic = { UNIFONIC_APP_SID: 'app', UNIFONIC_SENDER_ID: 'Labbaik', UNIFONIC_WEBHOOK_SECRET: 'secret-of-sixteen-chars' };
const twilio = { TWILIO_ACCOUNT_SID: 'AC0123456789abcdef0123456789abcdef', TWILIO_AUTH_TOKEN: 'token', TWILIO_FROM: '+14155550100' };

describe('which provider sends text messages', () => {
  it('the file sink with nothing set, or when asked for', () => {
    expect(chooseSmsProvider({})).toEqual({ name: 'file' });
    expect(chooseSmsProvider({ SMS_PROVIDER: 'file', ...twilio })).toEqual({ name: 'file' });
    expect(smsRefusal({})).toEqual([]);
  });

  it("a provider's keys choose it; all of them, or the server names each one missing on a line of its own", () => {
    expect(chooseSmsProvider(unifonic)).toEqual({ name: 'unifonic' });
    expect(chooseSmsProvider(twilio)).toEqual({ name: 'twilio' });
    expect(smsRefusal({ TWILIO_ACCOUNT_SID: twilio.TWILIO_ACCOUNT_SID })).toEqual([
      'SMS: TWILIO_AUTH_TOKEN is not set (needed for Twilio; or set SMS_PROVIDER=file to write messages to DATA_DIR/sms).',
      'SMS: TWILIO_FROM is not set (needed for Twilio; or set SMS_PROVIDER=file to write messages to DATA_DIR/sms).',
    ]);
    expect(smsRefusal({ SMS_PROVIDER: 'unifonic' })).toHaveLength(3);
    expect(smsRefusal({ SMS_PROVIDER: 'unifonic' })[0]).toMatch(/^SMS: UNIFONIC_APP_SID is not set/);
  });

  it('SMS_PROVIDER picks one when the keys of both are set; without it the server does not guess', () => {
    expect(chooseSmsProvider({ ...unifonic, ...twilio, SMS_PROVIDER: 'twilio' })).toEqual({ name: 'twilio' });
    expect(smsRefusal({ ...unifonic, ...twilio })).toEqual(['SMS: keys of both Unifonic and Twilio are set; set SMS_PROVIDER=unifonic or SMS_PROVIDER=twilio.']);
  });

  it('says at start where messages go, and warns when a site others reach writes them to files', () => {
    expect(smsStartLine({ ...twilio })).toEqual({ level: 'info', message: 'SMS: sent through twilio' });
    expect(smsStartLine({}).level).toBe('info');
    expect(smsStartLine({ APP_URL: 'https://pilgrims.example.org' })).toMatchObject({ level: 'warn' });
  });
});
