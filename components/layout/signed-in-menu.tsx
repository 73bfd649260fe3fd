'use client';

import { MenuTrigger } from 'react-aria-components';
import { useTranslations } from 'next-intl';
import { useRouter } from '@/i18n/navigation';
import { useAuthStore } from '@/lib/auth/auth-store';
import { logout } from '@/lib/auth/logout';
import { Button } from '@/components/ui/button';
import { Menu, MenuItem } from '@/components/ui/menu';
import { ChevronDownIcon } from '@/components/ui/icons';

const ACCOUNT_LINKS = [
  ['profile', '/profile'],
  ['requests', '/profile/requests'],
  ['drafts', '/profile/requests/drafts'],
  ['notifications', '/notifications'],
] as const;

const LOGOUT = 'logout';

/** The signed-in user's menu: their pages and sign out (logoutLoading shows while it runs). */
export function SignedInMenu({ name }: { name: string }) {
  const t = useTranslations('Header');
  const logoutLoading = useAuthStore((s) => s.logoutLoading);
  const router = useRouter();
  return (
    <MenuTrigger>
      <Button variant="quiet" aria-label={t('accountMenu', { name: name })} isPending={logoutLoading}>
        <span className="max-w-32 truncate">{logoutLoading ? t('signingOut') : name}</span>
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
