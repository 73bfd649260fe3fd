import { useTranslations } from 'next-intl';
import { Link } from '@/components/ui/link';
import { ChevronForwardIcon } from '@/components/ui/icons';
import { ScrollReveal } from '@/components/ui/scroll-reveal';
import { HomeCallToAction } from './home-call-to-action';

const SERVICES = ['hajj', 'umrah'] as const;
const STEPS = ['account', 'apply', 'pay', 'follow'] as const;

export function HomePage() {
  const t = useTranslations('Home');
  return (
    <>
      <section className="bg-brand-800 text-white">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:py-20">
          <p className="text-sm font-semibold tracking-wide text-sand-100">{t('eyebrow')}</p>
          <h1 className="mt-3 max-w-3xl text-4xl font-bold leading-tight sm:text-5xl">{t('title')}</h1>
          <p className="mt-4 max-w-2xl text-lg text-brand-100">{t('lead')}</p>
          <HomeCallToAction />
        </div>
      </section>

      <section aria-labelledby="services-title" className="mx-auto max-w-6xl px-4 py-14">
        <ScrollReveal>
          <h2 id="services-title" className="text-2xl font-bold">{t('services.title')}</h2>
          <ul className="mt-6 grid gap-6 sm:grid-cols-2">
            {SERVICES.map((service) => (
              <li key={service} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
                <h3 className="text-xl font-semibold text-brand-800">{t(`services.${service}.name`)}</h3>
                <p className="mt-2 text-muted">{t(`services.${service}.body`)}</p>
              </li>
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
                  <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-sand-100 font-bold text-brand-800">
                    {index + 1}
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
          <Link href="/faqs" className="mt-4 inline-flex items-center gap-1 rounded font-semibold text-brand-800 underline-offset-4 hover:underline">
            {t('faqTeaser.link')}
            <ChevronForwardIcon />
          </Link>
        </ScrollReveal>
      </section>
    </>
  );
}
