/**
 * A year's award as it starts out before the staff edit it: the product's usual calendar
 * (core/promo/award-phase.ts) and plain texts about what happens when. The texts name no
 * winners: the laureates are published on the award's own site, which the button opens.
 */
import { defaultAwardCalendar } from '../../../core/promo/award-phase';
import type { AwardContent, AwardEvent, AwardYearInput } from '../../../core/promo/contracts';

export const AWARD_SITE_URL = 'https://award.prodoctorov.ru/';
export const AWARD_IMAGE = '/promo/award.svg';

export function defaultAwardYear(year: number): AwardYearInput {
  const calendar = defaultAwardCalendar(year);
  const starts = Object.fromEntries(
    Object.entries(calendar).map(([phase, at]) => [phase, at.toISOString()]),
  ) as AwardYearInput['starts'];
  const voting = (done: boolean): AwardEvent => ({
    title: 'Оценки пациентов',
    date: `1 января — 1 ноября ${year}`,
    paragraphs: [
      'Лауреатов определяют отзывы пациентов, оставленные на ПроДокторов за год. В расчёт идут только проверенные отзывы.',
      'Премию получают врачи и клиники с лучшими оценками в своём городе и по своей специальности.',
    ],
    done,
  });
  const laureates = (done: boolean): AwardEvent => ({
    title: 'Объявление лауреатов',
    date: '2 ноября',
    paragraphs: done
      ? ['Списки лауреатов по городам и специальностям опубликованы на сайте премии.']
      : ['Списки лауреатов по городам и специальностям появятся на сайте премии.'],
    done,
  });
  const registration = (done: boolean): AwardEvent => ({
    title: 'Регистрация на трансляцию Гран-при',
    date: '11–16 ноября',
    paragraphs: [
      'Гран-при — главная награда премии. Зарегистрируйтесь на сайте премии, и мы напомним о начале трансляции.',
    ],
    done,
  });
  const ceremony = (done: boolean): AwardEvent => ({
    title: 'Церемония вручения Гран-при',
    date: '16 ноября, 19:00 МСК',
    paragraphs: done
      ? ['Обладатели Гран-при и запись трансляции — на сайте премии.']
      : ['Церемонию покажем в прямом эфире на сайте премии.'],
    done,
  });
  const content = (
    title: string,
    events: AwardEvent[],
    button_text: string,
    dark: boolean,
  ): AwardContent => ({ title, image: AWARD_IMAGE, events, button_text, button_href: AWARD_SITE_URL, dark });

  return {
    starts,
    content: {
      announce: content(
        `Премия ПроДокторов ${year}`,
        [voting(false), laureates(false), ceremony(false)],
        'Подробнее о премии',
        false,
      ),
      results: content(
        `Итоги премии ПроДокторов ${year}`,
        [voting(true), laureates(true), registration(false), ceremony(false)],
        'Смотреть лауреатов',
        false,
      ),
      grand_prix_registration: content(
        `Гран-при премии ПроДокторов ${year}`,
        [laureates(true), registration(false), ceremony(false)],
        'Напомнить о трансляции',
        true,
      ),
      grand_prix_broadcast: content(
        `Гран-при премии ПроДокторов ${year}: прямой эфир`,
        [laureates(true), registration(true), ceremony(false)],
        'Смотреть трансляцию',
        true,
      ),
      grand_prix_results: content(
        `Итоги Гран-при премии ПроДокторов ${year}`,
        [voting(true), laureates(true), ceremony(true)],
        'Узнать итоги',
        true,
      ),
    },
  };
}
