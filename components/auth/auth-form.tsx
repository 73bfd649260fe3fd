'use client';

import { useState, type FormEvent, type ReactNode } from 'react';
import { Form } from 'react-aria-components';
import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from '@/i18n/navigation';
import { useAuthStore, type UserData } from '@/lib/auth/auth-store';
import { Button } from '@/components/ui/button';

const API_BASE = process.env.NEXT_PUBLIC_API_BASE_URL ?? '/api/v1';

type ApiError = { error?: { message?: string; fields?: Record<string, string[]> } };

/** Posts the sign-in or registration form and signs the user in on success. */
export function AuthForm({ endpoint, submitLabel, children }: { endpoint: string; submitLabel: string; children: ReactNode }) {
  const t = useTranslations('Auth');
  const locale = useLocale();
  const router = useRouter();
  const setUserData = useAuthStore((s) => s.setUserData);
  const [pending, setPending] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    setFormError(null);
    try {
      const response = await fetch(`${API_BASE}${endpoint}`, {
        method: 'POST',
        headers: { Accept: 'application/json', 'Accept-Language': locale },
        body: new FormData(event.currentTarget),
      });
      const body = (await response.json().catch(() => ({}))) as ApiError & { data?: UserData; token?: string };
      if (response.ok && body.data) {
        setUserData(body.data, body.token);
        router.replace('/');
        return;
      }
      setFieldErrors(body.error?.fields ?? {});
      setFormError(body.error?.message ?? t('failed'));
    } catch {
      setFormError(t('offline'));
    } finally {
      setPending(false);
    }
  }

  return (
    <Form onSubmit={onSubmit} validationErrors={fieldErrors} className="flex flex-col gap-4">
      {formError && (
        <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          {formError}
        </div>
      )}
      {children}
      <Button type="submit" isDisabled={pending} className="mt-2">
        {submitLabel}
      </Button>
    </Form>
  );
}
