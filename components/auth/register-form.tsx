'use client';

import { useTranslations } from 'next-intl';
import { TextField } from '@/components/ui/text-field';
import { AuthForm } from './auth-form';

export function RegisterForm() {
  const t = useTranslations('Auth');
  return (
    <AuthForm endpoint="/auth/register" submitLabel={t('register.submit')}>
      <TextField name="name" autoComplete="name" label={t('fields.name')} isRequired />
      <TextField name="email" type="email" autoComplete="email" label={t('fields.email')} isRequired />
      <TextField name="phone" type="tel" autoComplete="tel" label={t('fields.phone')} />
      <TextField name="password" type="password" autoComplete="new-password" label={t('fields.password')} isRequired />
      <TextField name="password_confirmation" type="password" autoComplete="new-password" label={t('fields.passwordConfirmation')} isRequired />
    </AuthForm>
  );
}
