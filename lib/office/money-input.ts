import { westernDigits } from '@/lib/validation/digits';

/** Halalas from what a member types: "1500", "1,500.50", Arabic-Indic digits and separators; null when it is not an amount. */
export function minorOf(text: string): number | null {
  const plain = westernDigits(text).replace(/[,\s\u066C]/g, '').replace('\u066B', '.');
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(plain)) return null;
  return Math.round(Number(plain) * 100);
}
