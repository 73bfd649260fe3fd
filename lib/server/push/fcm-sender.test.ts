import { generateKeyPairSync } from 'node:crypto';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resetEnvForTests } from '@/lib/server/env';
import { sendFcm } from './fcm-sender';
import type { PushMessage } from './message';

// FCM through firebase-admin, against Google's documented HTTP v1 API: an OAuth
// token from the service account (JWT bearer grant), then
// POST https://fcm.googleapis.com/v1/projects/{project}/messages:send.
const PROJECT = 'portal-test';
const TOKEN_URI = 'https://oauth2.googleapis.com/token';
const SEND_URL = `https://fcm.googleapis.com/v1/projects/${PROJECT}/messages:send`;
const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });

const server = setupServer();
const sent: { authorization: string | null; body: Record<string, unknown> }[] = [];

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  process.env.FIREBASE_SERVICE_ACCOUNT_JSON = JSON.stringify({
    type: 'service_account',
    project_id: PROJECT,
    private_key_id: 'key-1',
    private_key: privateKey,
    client_email: `push@${PROJECT}.iam.gserviceaccount.com`,
    token_uri: TOKEN_URI,
  });
  resetEnvForTests();
});
afterEach(() => {
  server.resetHandlers();
  sent.length = 0;
});
afterAll(() => {
  server.close();
  delete process.env.FIREBASE_SERVICE_ACCOUNT_JSON;
  resetEnvForTests();
});

function googleAnswers(send: () => Response) {
  server.use(
    http.post(TOKEN_URI, async ({ request }) => {
      const form = new URLSearchParams(await request.text());
      expect(form.get('grant_type')).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
      return HttpResponse.json({ access_token: 'ya29.test-access-token', expires_in: 3600, token_type: 'Bearer' });
    }),
    http.post(SEND_URL, async ({ request }) => {
      sent.push({ authorization: request.headers.get('authorization'), body: (await request.json()) as Record<string, unknown> });
      return send();
    }),
  );
}

const device = { token: 'fcm-registration-token-0123456789', userId: 'u', provider: 'fcm', endpoint: null, p256dh: null, auth: null, userAgent: null, createdAt: new Date(), renewedAt: new Date() };
const message: PushMessage = { title: 'الطلب HJ-1448-000001: مُرسل', body: 'تغيّرت حالة طلبك.', url: '/ar/profile/requests/details/1', tag: 'n1', lang: 'ar', dir: 'rtl' };

describe('FCM sender', () => {
  it('sends a data-only message carrying the same fields as Web Push', async () => {
    googleAnswers(() => HttpResponse.json({ name: `projects/${PROJECT}/messages/0:1234` }));
    expect(await sendFcm(device, message)).toBe('sent');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.authorization).toBe('Bearer ya29.test-access-token');
    expect(sent[0]!.body).toEqual({
      message: {
        token: device.token,
        data: { ...message },
        webpush: { headers: { Urgency: 'high', TTL: '86400' } },
      },
    });
  });

  it('a token FCM no longer knows (404 UNREGISTERED) is gone; a server error is retried', async () => {
    googleAnswers(() =>
      HttpResponse.json(
        { error: { code: 404, message: 'Requested entity was not found.', status: 'NOT_FOUND', details: [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'UNREGISTERED' }] } },
        { status: 404 },
      ),
    );
    expect(await sendFcm(device, message)).toBe('gone');
    server.resetHandlers();
    // A 500 rather than a 503: firebase-admin itself retries a 503 with back-off for about seven seconds before giving up.
    googleAnswers(() => HttpResponse.json({ error: { code: 500, message: 'Internal error encountered.', status: 'INTERNAL' } }, { status: 500 }));
    expect(await sendFcm(device, message)).toEqual({ retry: expect.stringMatching(/^messaging\//) });
  });
});
