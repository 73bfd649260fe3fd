import { call } from './api';
import * as registerRoute from '@/app/api/v1/auth/register/route';

let counter = 0;

/** Registers a new user through the API and answers its token. */
export async function newUser(name = 'Aisha Rahman') {
  counter += 1;
  const email = `user.${counter}.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@example.com`;
  const { json, status } = await call(registerRoute.POST, {
    body: { name, email, password: 'Labbaik#2026', password_confirmation: 'Labbaik#2026' },
  });
  if (status !== 201) throw new Error(`registration failed: ${JSON.stringify(json)}`);
  return { token: json!.token as string, user: json!.data as { id: string; email: string } };
}
