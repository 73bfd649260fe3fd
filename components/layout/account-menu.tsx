'use client';

import { MenuTrigger } from 'react-aria-components';
import { useLocale, useTranslations } from 'next-intl';
import { usePathname, useRouter } from '@/i18n/navigation';
import { useAuthStore, isSignedIn } from '@/lib/auth/auth-store';
import { useAuthHydrated } from '@/lib/auth/use-auth-hydrated';
import { logout } from '@/lib/auth/logout';
import { Button } from '@/components/ui/button';
import { Link } from '@/components/ui/link';
import { Menu, MenuItem } from '@/components/ui/menu';
import { ChevronDownIcon } from '@/components/ui/icons';

const ACCOUNT_LINKS = [
  ['profile', '/profile'],
  ['requests', '/profile/requests'],
  ['drafts', '/profile/requests/drafts'],
  ['notifications', '/notifications'],
] as const;

const LOGOUT = 'logout';

/** The account menu when signed in, otherwise the sign-in link. */
export function AccountMenu() {
  const t = useTranslations('Header');
  const hydrated = useAuthHydrated();
  const userData = useAuthStore((s) => s.userData);
  const logoutLoading = useAuthStore((s) => s.logoutLoading);
  const router = useRouter();
  const pathname = usePathname();
  const locale = useLocale();

  // Until the stored session is read, hold the place: no flash of "Sign in".
  if (!hydrated) return <span className="inline-block h-9 w-24" aria-hidden="true" />;

  if (!isSignedIn(userData)) {
    const next = pathname === '/' ? '' : `?next=${encodeURIComponent(`/${locale}${pathname}`)}`;
    return (
      <Link href={`/auth/login${next}`} className="rounded-lg bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-800">
        {t('signIn')}
      </Link>
    );
  }

  return (
    <MenuTrigger>
      <Button variant="quiet" aria-label={t('accountMenu', { name: userData.name })} isPending={logoutLoading}>
        <span className="max-w-32 truncate">{logoutLoading ? t('signingOut') : userData.name}</span>
        <ChevronDownIcon />
      </Button>
      <Menu
        onAction={(key) => {
          if (key === LOGOUT) void logout(() => router.replace('/'));
          else router.push(String(key));
        }}
      >
        {ACCOUNT_LINKS.map(([label, href]) => (
          <MenuItem key={href} id={href}>
            {t(label)}
          </MenuItem>
        ))}
        <MenuItem id={LOGOUT}>{t('signOut')}</MenuItem>
      </Menu>
    </MenuTrigger>
  );
}
