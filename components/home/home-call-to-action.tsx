'use client';

import { useLocale, useTranslations } from 'next-intl';
import { Link } from '@/components/ui/link';
import { AuthLink } from '@/components/auth/auth-link';
import { ChevronForwardIcon } from '@/components/ui/icons';
import { WithHomeVisitor } from './home-visitor';
import type { HomeVisitor } from './visitor';

const primary = 'inline-flex items-center gap-2 rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800';
const secondary = 'inline-flex items-center gap-2 rounded-lg border border-brand-700 bg-white px-5 py-3 font-semibold text-brand-800 hover:bg-brand-50';

/**
 * What to do next: a signed-in user with a draft continues it (the latest one);
 * otherwise start a request, creating an account first when signed out.
 * Decided in the browser (the page is the same for everyone): the buttons
 * change their words and links in place.
 */
export function HomeCallToAction({ secondaryFaqs = true }: { secondaryFaqs?: boolean }) {
  return <WithHomeVisitor render={(visitor) => <Buttons visitor={visitor} secondaryFaqs={secondaryFaqs} />} />;
}

/** The apply section's heading and text: about the draft when there is one. */
export function HomeApplyText() {
  return <WithHomeVisitor render={(visitor) => <ApplyText draft={visitor.signedIn && Boolean(visitor.draftId)} />} />;
}

function ApplyText({ draft }: { draft: boolean }) {
  const t = useTranslations('Home');
  return (
    <>
      <h2 id="apply-title" className="text-2xl font-bold">{t(draft ? 'apply.draftTitle' : 'apply.title')}</h2>
      <p className="mt-2 max-w-2xl text-muted">{t(draft ? 'apply.draftBody' : 'apply.body')}</p>
    </>
  );
}

function Buttons({ visitor, secondaryFaqs }: { visitor: HomeVisitor; secondaryFaqs: boolean }) {
  const t = useTranslations('Home');
  const locale = useLocale();
  const draftId = visitor.signedIn ? visitor.draftId : null;
  return (
    <div className="mt-8 flex flex-wrap gap-3">
      {draftId ? (
        <>
          <Link href={`/profile/requests/drafts/complete?id=${draftId}`} className={primary}>
            {t('continueDraft')}
            <ChevronForwardIcon />
          </Link>
          <Link href="/profile/requests/create" className={secondary}>
            {t('startNewRequest')}
          </Link>
        </>
      ) : (
        visitor.signedIn ? (
          <Link href="/profile/requests/create" className={primary}>
            {t('startRequest')}
            <ChevronForwardIcon />
          </Link>
        ) : (
          // Creating an account first, then the form: the way back is a page asked for (?next=), else the form itself.
          <AuthLink to="register" here={`/${locale}/profile/requests/create`} className={primary}>
            {t('startRequest')}
            <ChevronForwardIcon />
          </AuthLink>
        )
      )}
      {secondaryFaqs && !draftId && (
        <Link href="/faqs" className={secondary}>
          {t('readFaqs')}
        </Link>
      )}
    </div>
  );
}
