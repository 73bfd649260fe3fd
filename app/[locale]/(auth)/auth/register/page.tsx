import { Suspense } from 'react';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { RegisterForm } from '@/components/auth/register-form';
import { GoogleSignIn } from '@/components/auth/google-sign-in';
import { googleSignInConfig } from '@/lib/server/firebase/config';
import { publicPageMetadata, type LocaleParams, pageLocale } from '@/lib/i18n/page-metadata';
import { AuthLink } from '@/components/auth/auth-link';
import { ClientMessages } from '@/components/i18n/client-messages';
import { AUTH_FORM_NAMESPACES } from '@/lib/i18n/client-namespaces';

// Prerendered (lib/routing/static-pages.ts), rendered again after five minutes: the Google button follows the server's settings.
export const revalidate = 300;

export const generateMetadata = publicPageMetadata('register', '/auth/register');

export default async function Page({ params }: LocaleParams) {
  setRequestLocale(await pageLocale(params));
  const t = await getTranslations('Auth');
  const google = await googleSignInConfig();
  return (
    <ClientMessages namespaces={AUTH_FORM_NAMESPACES}>
      <h1 className="mb-6 text-2xl font-bold">{t('register.title')}</h1>
      <Suspense fallback={<div className="min-h-72" aria-busy="true" />}>
        <RegisterForm />
        <GoogleSignIn config={google} />
      </Suspense>
      <p className="mt-6 text-sm text-muted">
        {t('register.switchPrompt')}{' '}
        <AuthLink to="login" className="font-semibold text-brand-800 underline underline-offset-4">
          {t('register.switchLink')}
        </AuthLink>
      </p>
    </ClientMessages>
  );
}
