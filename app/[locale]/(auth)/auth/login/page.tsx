import { Suspense } from 'react';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { LoginForm } from '@/components/auth/login-form';
import { GoogleSignIn } from '@/components/auth/google-sign-in';
import { Link } from '@/components/ui/link';
import { googleSignInConfig } from '@/lib/server/firebase/config';
import { publicPageMetadata, type LocaleParams, pageLocale } from '@/lib/i18n/page-metadata';
import { AuthLink } from '@/components/auth/auth-link';
import { ClientMessages } from '@/components/i18n/client-messages';
import { AUTH_FORM_NAMESPACES } from '@/lib/i18n/client-namespaces';

// Prerendered (lib/routing/static-pages.ts), rendered again after five minutes: the Google button follows the server's settings.
export const revalidate = 300;

export const generateMetadata = publicPageMetadata('login', '/auth/login');

export default async function Page({ params }: LocaleParams) {
  setRequestLocale(await pageLocale(params));
  const t = await getTranslations('Auth');
  const reset = await getTranslations('PasswordReset');
  const google = await googleSignInConfig();
  return (
    <ClientMessages namespaces={AUTH_FORM_NAMESPACES}>
      <h1 className="mb-6 text-2xl font-bold">{t('login.title')}</h1>
      <Suspense fallback={<div className="min-h-72" aria-busy="true" />}>
        <LoginForm />
        <GoogleSignIn config={google} />
      </Suspense>
      {/* Outside the Suspense boundary: in the prerendered HTML, so nothing moves when the form hydrates. */}
      <p className="mt-4 text-sm">
        <Link href="/auth/forgot-password" className="font-semibold text-brand-800 underline underline-offset-4">
          {reset('forgotLink')}
        </Link>
      </p>
      <p className="mt-4 text-sm text-muted">
        {t('login.switchPrompt')}{' '}
        <AuthLink to="register" className="font-semibold text-brand-800 underline underline-offset-4">
          {t('login.switchLink')}
        </AuthLink>
      </p>
    </ClientMessages>
  );
}
