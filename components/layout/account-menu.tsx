'use client';

import { MenuTrigger } from 'react-aria-components';
import { useTranslations } from 'next-intl';
import { useRouter } from '@/i18n/navigation';
import { useAuthStore, isSignedIn } from '@/lib/auth/auth-store';
import { useAuthHydrated } from '@/lib/auth/use-auth-hydrated';
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

/** The account menu when signed in, otherwise the sign-in link. */
export function AccountMenu() {
  const t = useTranslations('Header');
  const hydrated = useAuthHydrated();
  const userData = useAuthStore((s) => s.userData);
  const router = useRouter();

  if (!hydrated || !isSignedIn(userData)) {
    return (
      <Link href="/auth/login" className="rounded-lg bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-800">
        {t('signIn')}
      </Link>
    );
  }

  return (
    <MenuTrigger>
      <Button variant="quiet" aria-label={t('accountMenu', { name: userData.name })}>
        <span className="max-w-32 truncate">{userData.name}</span>
        <ChevronDownIcon />
      </Button>
      <Menu onAction={(key) => router.push(String(key))}>
        {ACCOUNT_LINKS.map(([label, href]) => (
          <MenuItem key={href} id={href}>
            {t(label)}
          </MenuItem>
        ))}
      </Menu>
    </MenuTrigger>
  );
}
