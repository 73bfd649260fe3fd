import { notFound } from 'next/navigation';

// Catches every address under a locale that no route claims, so the 404 is localized.
export default function UnknownPage() {
  notFound();
}
