'use client';

import { useState, type ReactNode } from 'react';
import { useWatch, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslations } from 'next-intl';
import { latinNameQuestion } from '@/lib/validation/latin-name';
import { Button } from '@/components/ui/button';

/**
 * Around the Latin name field: when the pilgrim leaves it with a name in lower
 * case, or written twice, asks "Did you mean …?" and offers the name as the
 * passport prints it. Never rewritten unasked (docs/ANSWERS.md): the pilgrim
 * takes the suggestion or keeps the name as written.
 */
export function LatinNameQuestion<T extends FieldValues>({
  control,
  name,
  onUse,
  children,
}: {
  control: Control<T>;
  name: Path<T>;
  onUse: (suggestion: string) => void;
  children: ReactNode;
}) {
  const t = useTranslations('Wizard.nameQuestion');
  const value = ((useWatch({ control, name }) as string | undefined) ?? '').trim();
  // The name as it was when the field was last left; asked about only while it still reads so.
  const [left, setLeft] = useState<string | null>(null);
  const [kept, setKept] = useState<string | null>(null);
  const question = left === value && kept !== value ? latinNameQuestion(value) : null;
  return (
    <div className="flex flex-col gap-2" onBlur={() => setLeft(value)}>
      {children}
      <div aria-live="polite">
        {question && (
          <div className="flex flex-col gap-2 rounded-lg border border-brand-700 bg-brand-50 p-3" data-testid="name-question">
            <p className="text-sm text-ink">
              {t.rich(question.reason, {
                suggestion: question.suggestion,
                name: (chunks) => (
                  <bdi dir="ltr" className="font-semibold">
                    {chunks}
                  </bdi>
                ),
              })}
            </p>
            <div className="flex flex-wrap gap-2">
              <Button onPress={() => onUse(question.suggestion)}>{t('use', { suggestion: question.suggestion })}</Button>
              <Button variant="quiet" onPress={() => setKept(value)}>
                {t('keep')}
              </Button>
            </div>
          </div>
        )}
      </div>
    </div>
  );
}
