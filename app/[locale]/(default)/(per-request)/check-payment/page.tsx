import { getTranslations, setRequestLocale } from 'next-intl/server';
import { PageHeader } from '@/components/layout/page-header';
import { CheckPayment } from '@/components/payments/check-payment';
import { titleMetadata, type LocaleParams, pageLocale } from '@/lib/i18n/page-metadata';

export const generateMetadata = titleMetadata('checkPayment');

export default async function CheckPaymentPage({ params }: LocaleParams) {
  setRequestLocale(await pageLocale(params));
  const t = await getTranslations('Titles');
  return (
    <>
      <PageHeader title={t('checkPayment')} />
      <div className="mx-auto max-w-6xl px-4">
        <CheckPayment />
      </div>
    </>
  );
}
