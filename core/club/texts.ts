/**
 * The club's screen texts (docs/product/club.md). Kept beside the widget's rules so the state
 * machine, the components and the tests read the same words.
 */
import { formatRub } from '../money/money';
import { CLUB_DOCTOR_DISCOUNT_PERCENT } from './rules';

export const CLUB_SCREEN_TEXTS = {
  confirmationTitle: 'Получить клубную цену',
  confirmationCancelBanner: 'Отменить',
  confirmationCancel: 'Пойду по обычной цене',
  checking: 'Проверяем...',
  notInClub: 'Вы не в клубе',
  cardOffer: 'Карта на 6 месяцев',
  join: 'Вступить',
  cancel: 'Отменить',
  emailTitle: 'Введите Email',
  emailSubtitle: 'Вышлем чек',
  emailLabel: 'Email',
  emailInvalid: 'Введите корректный адрес электронной почты.',
  send: 'Отправить',
  inClub: 'Вы в клубе',
  inClubHint: 'Покажите клубную карту из профиля администратору клиники, чтобы получить клубную цену.',
  great: 'Отлично',
  openCard: 'Открыть клубную карту',
  cardEnded: 'Клубная карта закончилась',
  renewCard: 'Продлить карту',
  continue: 'Продолжить',
  memberBannerTitle: 'Клубная цена',
  memberBannerSubtitle: 'На все услуги клиники',
  guestBannerTitle: 'Цена только для пациентов в клубе',
  howItWorks: 'Как работает клубная цена',
  moreAboutClub: 'Подробнее про клуб',
} as const;

/** 'Оплатить 99 ₽' for a paid card, 'Вступить' for the free first one. */
export function clubEnterSubmitText(cardNextPrice: number | null): string {
  return cardNextPrice === null ? CLUB_SCREEN_TEXTS.join : `Оплатить ${formatRub(cardNextPrice)}`;
}

/** The non-members' line: the clinic's service discount when the page knows it. */
export function clubDiscountText(servicesPercent: number | null): string {
  return servicesPercent === null
    ? `Скидки на услуги в клиниках клуба и -${CLUB_DOCTOR_DISCOUNT_PERCENT}% на приёмы врачей.`
    : `-${servicesPercent}% на услуги в клиниках клуба и -${CLUB_DOCTOR_DISCOUNT_PERCENT}% на приёмы врачей.`;
}

/** 'до 25 мая 2027' under 'Вы в клубе'. */
export function untilText(formattedDate: string): string {
  return `до ${formattedDate}`;
}

/**
 * What the card gives, by the club's one rule (`clubPercentOf`, core/club/rules.ts): the FAQ's
 * answer, the same numbers the price list, the doctor card and the booking page show.
 */
export function clubRuleText(servicesPercent: number | null): string {
  const services =
    servicesPercent === null
      ? 'скидку на услуги клиник клуба (свою в каждой клинике)'
      : `−${servicesPercent}% на услуги этой клиники`;
  return `Клубную цену: −${CLUB_DOCTOR_DISCOUNT_PERCENT}% на приём врача (консультацию) и ${services}. Скидка действует на ту консультацию или услугу, у которой указана клубная цена, а не на другие услуги, назначенные на приёме.`;
}
