'use client';

import { MenuTrigger } from 'react-aria-components';
import { useLocale, useTranslations } from 'next-intl';
import { formatCount } from '@/lib/i18n/numbers';
import { useNeedsDoing } from '@/lib/requests/requests-api';
import { useRouter } from '@/i18n/navigation';
import { useAuthStore } from '@/lib/auth/auth-store';
import { logout } from '@/lib/auth/logout';
import { Button } from '@/components/ui/button';
import { Link } from '@/components/ui/link';
import { Providers } from '@/components/providers';
import { Menu, MenuItem } from '@/components/ui/menu';
import { ChevronDownIcon, PersonIcon } from '@/components/ui/icons';

const ACCOUNT_LINKS = [
  ['profile', '/profile'],
  ['requests', '/profile/requests'],
  ['drafts', '/profile/requests/drafts'],
  ['sharedRequests', '/profile/shared'],
  ['notifications', '/notifications'],
] as const;

const LOGOUT = 'logout';

/**
 * The signed-in user's menu: their pages and sign out (logoutLoading shows
 * while it runs), with what needs doing counted. Its own Providers: the header
 * sits outside the page's, and this is loaded only for a signed-in user.
 */
export function SignedInMenu({ name }: { name: string }) {
  return (
    <Providers>
      <AccountMenuButton name={name} />
    </Providers>
  );
}

function AccountMenuButton({ name }: { name: string }) {
  const t = useTranslations('Header');
  const logoutLoading = useAuthStore((s) => s.logoutLoading);
  const router = useRouter();
  const locale = useLocale();
  // Payments due and changes asked for (GET /me/needs-doing), shown on the menu and beside "My account".
  const count = useNeedsDoing().data?.count ?? 0;
  const toDo = count > 0 ? t('needsDoing', { count, shown: formatCount(count, locale) }) : null;
  return (
    <div className="flex items-center gap-1">
      <MenuTrigger>
        <Button variant="quiet" aria-label={t('accountMenu', { name: name })} isPending={logoutLoading}>
          {/* On a phone the face alone (the button's name says whose menu it is): the header keeps two rows at 360 px. */}
          <PersonIcon className="sm:hidden" />
          <span className="hidden max-w-32 truncate sm:inline">{logoutLoading ? t('signingOut') : name}</span>
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
              {label === 'profile' && toDo ? `${t(label)} (${toDo})` : t(label)}
            </MenuItem>
          ))}
          <MenuItem id={LOGOUT}>{t('signOut')}</MenuItem>
        </Menu>
      </MenuTrigger>
      {/* Beside the menu, not in its button: the button's name stays its visible text, and the count leads to the account page. */}
      {toDo && (
        <Link href="/profile" data-testid="needs-doing-count" className="min-w-6 rounded-full bg-red-700 px-1.5 text-center text-xs font-bold leading-6 text-white hover:bg-red-800">
          <span aria-hidden="true">{formatCount(count, locale)}</span>
          <span className="sr-only">{toDo}</span>
        </Link>
      )}
    </div>
  );
}
