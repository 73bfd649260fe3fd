import { useLocale, useTranslations } from 'next-intl';
import { Link } from '@/components/ui/link';
import { ChevronForwardIcon } from '@/components/ui/icons';
import { ScrollReveal } from '@/components/ui/scroll-reveal';
import { formatCount } from '@/lib/i18n/numbers';
import { HomeApplyText, HomeCallToAction } from './home-call-to-action';
import { SignInReason } from './sign-in-reason';
import { ServiceCard, type HomeService } from './service-card';

const STEPS = ['account', 'apply', 'pay', 'follow'] as const;

type Props = { services: HomeService[]; faqs: { id: string; question: string }[] };

/**
 * The landing page: hero, the services with fees and seasons, how it works,
 * some questions, and what to do next. One copy for every visitor (prerendered):
 * what depends on the visitor is decided in the browser (home-call-to-action.tsx).
 */
export function HomePage({ services, faqs }: Props) {
  const t = useTranslations('Home');
  const locale = useLocale();
  return (
    <>
      <section className="bg-brand-800 text-white">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:py-20">
          <p className="text-sm font-semibold tracking-wide text-sand-100">{t('eyebrow')}</p>
          <h1 className="mt-3 max-w-3xl text-4xl leading-tight font-bold sm:text-5xl">{t('title')}</h1>
          <p className="mt-4 max-w-2xl text-lg text-brand-100">{t('lead')}</p>
          {/* A visitor the guard sent here from their account's pages: why, and the way back. */}
          <SignInReason />
          <HomeCallToAction />
        </div>
      </section>

      <section aria-labelledby="services-title" className="mx-auto max-w-6xl px-4 py-14">
        <ScrollReveal>
          <h2 id="services-title" className="text-2xl font-bold">{t('services.title')}</h2>
          <p className="mt-2 max-w-2xl text-muted">{t('services.lead')}</p>
          <ul className="mt-6 grid gap-6 lg:grid-cols-2">
            {services.map((service) => (
              <ServiceCard key={service.id} service={service} />
            ))}
          </ul>
        </ScrollReveal>
      </section>

      <section aria-labelledby="steps-title" className="bg-white">
        <div className="mx-auto max-w-6xl px-4 py-14">
          <ScrollReveal>
            <h2 id="steps-title" className="text-2xl font-bold">{t('steps.title')}</h2>
            <ol className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
              {STEPS.map((step, index) => (
                <li key={step} className="flex gap-3">
                  <span aria-hidden="true" className="flex size-9 shrink-0 items-center justify-center rounded-full bg-sand-100 font-bold text-brand-800">
                    {formatCount(index + 1, locale)}
                  </span>
                  <div>
                    <h3 className="font-semibold">{t(`steps.${step}.title`)}</h3>
                    <p className="mt-1 text-sm text-muted">{t(`steps.${step}.body`)}</p>
                  </div>
                </li>
              ))}
            </ol>
          </ScrollReveal>
        </div>
      </section>

      <section aria-labelledby="faq-teaser-title" className="mx-auto max-w-6xl px-4 py-14">
        <ScrollReveal>
          <h2 id="faq-teaser-title" className="text-2xl font-bold">{t('faqTeaser.title')}</h2>
          <p className="mt-2 max-w-2xl text-muted">{t('faqTeaser.body')}</p>
          <ul className="mt-6 grid gap-3 sm:grid-cols-2">
            {faqs.map((faq) => (
              <li key={faq.id}>
                <Link href={`/faqs#${faq.id}`} className="flex h-full items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white px-4 py-3 font-medium text-brand-800 hover:border-brand-600 hover:bg-brand-50">
                  {faq.question}
                  <ChevronForwardIcon className="shrink-0" />
                </Link>
              </li>
            ))}
          </ul>
          <Link href="/faqs" className="mt-5 inline-flex items-center gap-1 rounded font-semibold text-brand-800 underline-offset-4 hover:underline">
            {t('faqTeaser.link')}
            <ChevronForwardIcon />
          </Link>
        </ScrollReveal>
      </section>

      <section aria-labelledby="apply-title" className="bg-sand-100">
        <div className="mx-auto max-w-6xl px-4 py-14">
          <ScrollReveal>
            <HomeApplyText />
            <HomeCallToAction secondaryFaqs={false} />
          </ScrollReveal>
        </div>
      </section>
    </>
  );
}
