'use client';

import { useTranslations } from 'next-intl';
import { TextField } from '@/components/ui/text-field';
import { AuthForm } from './auth-form';

export function LoginForm() {
  const t = useTranslations('Auth');
  return (
    <AuthForm endpoint="/auth/login" submitLabel={t('login.submit')}>
      <TextField name="email" type="email" autoComplete="email" label={t('fields.email')} isRequired />
      <TextField name="password" type="password" autoComplete="current-password" label={t('fields.password')} isRequired />
    </AuthForm>
  );
}
