'use client';

import { useTranslations } from 'next-intl';
import type { PlacesLeft } from '@/lib/requests/places';
import { usePlacesText } from '@/components/requests/places-left';
import { usePlacesLeft } from '@/components/requests/use-places-left';

type Props = {
  service: string;
  /** The service's packages, each with its name in the page's language (the card's, written on the server). */
  packages: { name: string; label: string }[];
  /** As the prerendered page read them: shown until the browser has read them now. */
  placesLeft: PlacesLeft;
  title: string;
};

/**
 * A service card's places, per package with a number of them: read again in the browser every few seconds
 * (issue 63, item 2), since the page itself is one cached copy for everyone. An unlimited package says nothing.
 */
export function ServicePlaces({ service, packages, placesLeft, title }: Props) {
  const places = useTranslations('Places');
  const placesText = usePlacesText();
  const left = usePlacesLeft(service, placesLeft);
  const limited = packages.flatMap(({ name, label }) => {
    const text = placesText(left[name]);
    return text === null ? [] : [{ name, label, text }];
  });
  if (limited.length === 0) return null;
  return (
    <div className="mt-4 border-t border-slate-100 pt-4">
      <h4 className="text-sm text-muted">{title}</h4>
      <ul className="mt-1 flex flex-col gap-1">
        {limited.map(({ name, label, text }) => (
          <li key={name} className="font-semibold text-ink">
            {places('package', { package: label, places: text })}
          </li>
        ))}
      </ul>
    </div>
  );
}
