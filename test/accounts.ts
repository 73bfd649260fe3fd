import { call } from './api';
import { queuedMail } from './mail';
import * as registerRoute from '@/app/api/v1/auth/register/route';
import * as verifyRoute from '@/app/api/v1/auth/verify-email/route';

let counter = 0;

/**
 * Registers a new user through the API and answers its token. The address is
 * confirmed through the real verify endpoint with the link's token from the
 * queued e-mail (submitting and paying need it), unless `verified: false`.
 */
export async function newUser(name = 'Aisha Rahman', { verified = true }: { verified?: boolean } = {}) {
  counter += 1;
  const email = `user.${counter}.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@example.com`;
  const { json, status } = await call(registerRoute.POST, {
    body: { name, email, password: 'Labbaik#2026', password_confirmation: 'Labbaik#2026' },
  });
  if (status !== 201) throw new Error(`registration failed: ${JSON.stringify(json)}`);
  const user = json!.data as { id: string; email: string };
  if (verified) {
    const mail = await queuedMail(user.id, 'verify_email');
    const verify = await call(verifyRoute.POST, { body: { token: mail!.params.token } });
    if (verify.status !== 200) throw new Error(`verification failed: ${JSON.stringify(verify.json)}`);
  }
  return { token: json!.token as string, user };
}
