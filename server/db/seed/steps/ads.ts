import { zonedDay } from '../../../../core/dates/zoned';
import { adBanners, adCampaigns } from '../../schema/ads';
import { insertAll, type Row } from '../bulk';
import type { SeedContext } from '../context';

/**
 * Demo advertising (docs/product/ads.md), so the product shows its ad places out of the box:
 * a few campaigns of invented advertisers, every one marked as demo (`is_demo`, a 'Демо-'
 * advertiser, an erid starting 'demo-'), running in every town from a month before the seed's
 * day with no end, and leading only to the portal's own pages. No random draws: the rest of
 * the seed is unchanged by them.
 */
const CAMPAIGNS: {
  advertiser: string;
  erid: string;
  targetUrl: string;
  banners: { type: Row<typeof adBanners>['bannerType']; title: string; body: string }[];
}[] = [
  {
    advertiser: 'Демо-рекламодатель: сеть клиник «Пример»',
    erid: 'demo-2VtzqvA1',
    targetUrl: '/rating/',
    banners: [
      {
        type: 'list_top',
        title: 'Приём терапевта со скидкой 15% — демонстрационный баннер',
        body: 'Так на портале выглядит реклама клиники. Это пример: настоящей скидки по нему нет.',
      },
      {
        type: 'page_side',
        title: 'Чекап за один визит — демонстрационный баннер',
        body: 'Так выглядит реклама рядом со страницей врача или клиники. Это пример, а не предложение.',
      },
    ],
  },
  {
    advertiser: 'Демо-рекламодатель: лаборатория «Образец»',
    erid: 'demo-2VtzqvB2',
    targetUrl: '/',
    banners: [
      {
        type: 'list_inline',
        title: 'Анализы с расшифровкой врача — демонстрационный баннер',
        body: 'Пример рекламы внутри списка врачей и клиник. Такой лаборатории нет.',
      },
      {
        type: 'page_side',
        title: 'Сдать анализы рядом с домом — демонстрационный баннер',
        body: 'Пример рекламы сбоку от страницы. Лаборатория придумана для показа.',
      },
    ],
  },
  {
    advertiser: 'Демо-рекламодатель: стоматология «Эталон»',
    erid: 'demo-2VtzqvC3',
    targetUrl: '/rating/',
    banners: [
      {
        type: 'list_top',
        title: 'Профессиональная гигиена зубов — демонстрационный баннер',
        body: 'Пример рекламы в начале списка. Стоматология придумана, цены и скидки не настоящие.',
      },
      {
        type: 'list_inline',
        title: 'Консультация ортодонта — демонстрационный баннер',
        body: 'Пример рекламы между карточками списка. Клиника придумана для показа.',
      },
    ],
  },
];

export async function seedAds(ctx: SeedContext): Promise<void> {
  const start = new Date(ctx.now.getTime() - 30 * 86_400_000);
  const startsOn = zonedDay(start, 'Europe/Moscow').date;
  const campaigns: Row<typeof adCampaigns>[] = [];
  const banners: Row<typeof adBanners>[] = [];
  for (const [i, c] of CAMPAIGNS.entries()) {
    const id = i + 1;
    campaigns.push({
      id,
      advertiser: c.advertiser,
      advertiserInn: null,
      erid: c.erid,
      targetUrl: c.targetUrl,
      townId: null,
      startsOn,
      endsOn: null,
      isDemo: true,
      isActive: true,
      createdAt: start,
    });
    for (const b of c.banners) {
      banners.push({
        id: banners.length + 1,
        campaignId: id,
        bannerType: b.type,
        title: b.title,
        body: b.body,
        imagePath: null,
      });
    }
  }
  ctx.counts.ad_campaigns = await insertAll(ctx.db, adCampaigns, campaigns);
  ctx.counts.ad_banners = await insertAll(ctx.db, adBanners, banners);
}
