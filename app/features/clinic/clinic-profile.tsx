import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ClinicPage } from '../../../core/clinic/contracts';
import { websiteLink } from '../../../core/clinic/website';
import { formatLongDate } from '../../../core/dates/zoned';
import { clinicsUrl } from '../../../core/directory/list-urls';
import { reviewsUrl } from '../../../core/directory/urls';
import { reviewFormUrl } from '../../../core/reviews/urls';
import { plural, WORDS } from '../../../core/text/plural';
import type { Town } from '../../../core/towns/contracts';
import { late } from '../../lib/late';
import { SoftwareBadge } from '../directory/late-software-badge';
import { RatingLine } from '../directory/rating-line';
import { ReviewSummary } from '../directory/review-summary';
import { MapButton } from '../map/map-button';
import { Accessibility } from './accessibility';
import { AddressSchedule } from './address-schedule';
import { BranchSelector, preloadBranchSelect } from './branch-selector';
import { ImageGallery } from './image-gallery';
import { Phonebook } from './phonebook';

// Sections below the fold hydrate from their own chunks, after the rest of the page (ADR 021).
// Not the galleries: their thumbnails are links to the pictures, which a click before
// hydration would follow instead of opening the lightbox.
const Promotions = late(() => import('./promotions').then((m) => m.Promotions), { boundary: true });
const Equipment = late(() => import('./equipment').then((m) => m.Equipment), { boundary: true });
const Interview = late(() => import('./interview').then((m) => m.Interview), { boundary: true });
const CovidRules = late(() => import('./covid-rules').then((m) => m.CovidRules), { boundary: true });

/** Loads those sections' code (and the badge's, the branches'): a navigation to a clinic page awaits it with the data. */
export const preloadClinicSections = () =>
  Promise.all([
    Promotions.preload(),
    Equipment.preload(),
    Interview.preload(),
    CovidRules.preload(),
    SoftwareBadge.preload(),
    preloadBranchSelect(),
  ]);

import { WorkingHours, WorkingHoursSheetButton } from './working-hours';

/** The clinic's gallery moves on by itself every 3 s in the lightbox. */
const GALLERY_AUTOPLAY_MS = 3000;

export function ClinicProfile({
  clinic: c,
  town,
  endedPromotions,
  badge,
  actions,
  priceList,
  doctors,
  favourite,
  reviewExtras,
}: {
  clinic: ClinicPage;
  town: Pick<Town, 'slug' | 'nameGen' | 'tz'>;
  /** How many of the clinic's promotions have ended (the 'Архивные акции' popup). */
  endedPromotions: number;
  /** Next to the name: the software-version badge. */
  badge?: ReactNode;
  /** Under the side column: 'Сообщить об ошибке' and the like. */
  actions?: ReactNode;
  /** The price list widget (search, online switch, pages). */
  priceList?: ReactNode;
  /** The doctors block with the doctors page's filters. */
  doctors?: ReactNode;
  /** The favourite heart, top right (the favourites feature fills it). */
  favourite?: ReactNode;
  /** In the reviews section: the tags block and warnings (the reviews feature fills it). */
  reviewExtras?: ReactNode;
}) {
  const hours = { hours: c.hours, holidays: c.holidays, todayWeekday: c.todayWeekday };
  const site = websiteLink(c.website);
  const licenceImages = c.licences.map((l) => ({
    src: l.imageUrl,
    name: `Лицензия № ${l.number}`,
    caption: `от ${formatLongDate(l.issuedAt, 'UTC')}, ${l.authority}`,
  }));
  const photos = c.photos.map((p) => ({
    src: p.src,
    name: p.caption || p.name || c.name,
    caption: p.caption,
  }));
  // Photos and videos are one gallery: one lightbox, one 'N из M'; a video plays in its host's player.
  const gallery = [
    ...photos,
    ...c.videos.map((v) => ({
      src: v.watchUrl,
      embedUrl: v.embedUrl,
      name: v.caption || `Видео: ${c.name}`,
      caption: v.caption,
      watchLabel: v.watchUrl.startsWith('https://rutube.ru/')
        ? 'Смотреть на RuTube'
        : v.watchUrl.startsWith('/')
          ? 'Открыть видео'
          : 'Смотреть в VK Видео',
    })),
  ];
  return (
    <>
      <nav aria-label="Навигация" className="text-sm text-muted">
        <Link to={clinicsUrl(town.slug)} className="hover:text-brand">
          Клиники {town.nameGen}
        </Link>
      </nav>
      <div className="mt-3 flex flex-col gap-4">
        <section className="card p-5 sm:p-6">
          <div className="flex items-start justify-between gap-2">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
              <h1 className="text-2xl font-bold leading-tight sm:text-3xl">{c.name}</h1>
              {badge}
            </div>
            {favourite}
          </div>
          <div className="mt-2 text-ink-soft">
            <AddressSchedule lpuId={c.id} address={c.address} />
            {c.metro && <span className="text-muted"> · м. {c.metro}</span>}
            {c.district && <span className="text-muted"> · {c.district}</span>}
            <span className="text-muted"> · </span>
            <MapButton townSlug={town.slug} clinicIds={[c.id]} />
          </div>
          <p className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1">
            <RatingLine rating={c.rating} reviewsCount={c.reviewsCount} reviewsHref="#reviews" size="lg" />
            {c.doctorsCount > 0 && (
              <span className="text-ink-soft">{plural(c.doctorsCount, WORDS.doctor)}</span>
            )}
          </p>
          <div className="mt-3">
            <WorkingHoursSheetButton {...hours} />
          </div>
          <div className="mt-3">
            <Phonebook phones={c.phones} />
          </div>
          {site && (
            <p className="mt-2 text-sm">
              <span className="text-ink-soft">Сайт клиники: </span>
              <a
                href={site.href}
                target="_blank"
                rel="nofollow noopener noreferrer"
                className="text-brand hover:underline"
                data-clinic-website
              >
                {site.label}
              </a>
            </p>
          )}
          {c.description && (
            <p className="mt-4 whitespace-pre-line leading-relaxed text-ink-soft">{c.description}</p>
          )}
          <BranchSelector
            lpuId={c.id}
            current={{ title: c.name, subtitle: c.address, link: c.url, disabled: true }}
            branches={c.branches}
          />
        </section>

        <div className="grid gap-4 md:grid-cols-[1fr_320px]">
          <div className="flex min-w-0 flex-col gap-4">
            {priceList}

            {doctors}

            <Promotions clinicId={c.id} promotions={c.promotions} endedCount={endedPromotions} />
            <Equipment items={c.equipment} />
            <Interview items={c.interview} />

            {gallery.length > 0 && (
              <section className="card p-5 sm:p-6" aria-labelledby="photos-h">
                <h2 id="photos-h" className="text-xl font-semibold">
                  {c.videos.length === 0 ? 'Фотографии' : photos.length === 0 ? 'Видео' : 'Фото и видео'}
                </h2>
                <div className="mt-3">
                  <ImageGallery
                    items={gallery}
                    label={c.videos.length === 0 ? 'Фотографии клиники' : 'Фото и видео клиники'}
                    thumbClassName="h-24 w-32"
                    autoplay={GALLERY_AUTOPLAY_MS}
                  />
                </div>
              </section>
            )}

            <ReviewSummary
              counts={c.reviewCounts}
              total={c.reviewsCount}
              rating={c.rating}
              reviews={c.latestReviews}
              formatDate={(iso) => formatLongDate(iso, town.tz)}
              allUrl={reviewsUrl(c.url)}
              writeUrl={reviewFormUrl('lpu', c.id)}
            >
              {reviewExtras}
            </ReviewSummary>
          </div>

          <aside className="flex flex-col gap-4">
            <WorkingHours {...hours} />

            {c.licences.length > 0 && (
              <section className="card p-5 text-sm" aria-labelledby="licence-h">
                <h2 id="licence-h" className="text-lg font-semibold">
                  {c.licences.length > 1 ? 'Лицензии' : 'Лицензия'}
                </h2>
                {c.licences.map((l) => (
                  <p key={l.id} className="mt-2 text-ink-soft">
                    № {l.number} от {formatLongDate(l.issuedAt, 'UTC')}
                    <span className="block text-muted">{l.authority}</span>
                  </p>
                ))}
                <div className="mt-3">
                  <ImageGallery items={licenceImages} label="Изображения лицензий" />
                </div>
              </section>
            )}

            <Accessibility features={c.accessibility} />
            {c.covidRules.length > 0 && <CovidRules lpuId={c.id} />}
            {actions}
          </aside>
        </div>
      </div>
    </>
  );
}
