import type { PlaceLink } from '../../../core/directory/contracts';
import type { PlaceKind } from '../../../core/directory/list-urls';
import { PlaceLinks } from './list-layout';
import { LocateButton } from './locate-button';

/**
 * The 'nearby' list before it has a point: asks the browser for one, and offers the town's
 * metro stations and districts instead.
 */
export function NearbyPrompt({
  heading,
  path,
  metro,
  districts,
  placeHref,
}: {
  heading: string;
  /** The nearby list's path: the point is added to it. */
  path: string;
  metro: PlaceLink[];
  districts: PlaceLink[];
  placeHref: (kind: PlaceKind, slug: string) => string;
}) {
  return (
    <>
      <h1 className="text-2xl font-bold sm:text-3xl">{heading}</h1>
      <p className="mt-2 max-w-2xl text-ink-soft">
        Покажем врачей, которые принимают ближе всего к вам: разрешите браузеру определить местоположение или
        выберите метро или район.
      </p>
      <LocateButton path={path} label="Найти врачей рядом" />
      <noscript>
        <p className="mt-2 text-sm text-ink-soft">Без JavaScript местоположение не определить.</p>
      </noscript>
      <PlaceLinks metro={metro} districts={districts} href={placeHref} first={12} />
    </>
  );
}
