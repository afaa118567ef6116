/**
 * A doctor's visit prices as the clinic keeps them in its cabinet ('Стоимость приёма врачей' on
 * 'Цены и услуги', docs/product/prices.md, ADR 039): one price per workplace (the doctor at the
 * clinic's address) and visit type, in whole roubles. It is the one source of what the doctor
 * card, the booking page and the clinic's price list show for that visit.
 */
import { doctorClubPrice } from '../club/rules';

export const VISIT_PRICE_TYPES = ['clinic', 'home', 'telemed'] as const;
export type VisitPriceType = (typeof VISIT_PRICE_TYPES)[number];

export const VISIT_PRICE_LIMITS = { min: 1, max: 1_000_000 } as const;

export const VISIT_PRICE_TEXTS = {
  title: 'Стоимость приёма врачей',
  lead: 'Эти цены видят пациенты в карточке врача, при записи и в прайс-листе клиники. Уже записанные пациенты платят цену, по которой записались.',
  doctorLead:
    'Стоимость ваших приёмов задаёт клиника. Чтобы изменить цену, обратитесь к администратору клиники.',
  empty: 'У клиники пока нет врачей с ценой приёма.',
  price: 'Стоимость приёма — целое число рублей от 1 до 1 000 000',
  visitType: 'Выберите вид приёма: в клинике, на дому или онлайн',
  notFound: 'Врач не найден',
  notOffered: 'Врач не ведёт такой приём по этому адресу',
  signIn: 'Войдите как врач или клиника',
  workOnly: 'Цены приёма видят только клиника и её врачи',
  clinicOnly: 'Стоимость приёма меняет клиника: войдите как клиника',
  linePrice: 'Это приём врача: его цену меняют в разделе «Стоимость приёма врачей»',
  saved: 'Цена сохранена',
  save: 'Сохранить',
  club: 'в клубе',
  priceLabel: 'Цена, ₽',
} as const;

export const VISIT_TYPE_NAMES: Record<VisitPriceType, string> = {
  clinic: 'Приём в клинике',
  home: 'Вызов на дом',
  telemed: 'Онлайн-консультация',
};

/**
 * The club price of a doctor's visit (whole roubles), by the club's one rule for consultations
 * (`doctorClubPrice`, core/club): only a visit at the clinic, only while the clinic is in the club.
 */
export function visitClubPrice(
  visitType: VisitPriceType,
  price: number,
  clubEnabled: boolean,
): number | null {
  if (!clubEnabled || visitType !== 'clinic') return null;
  return doctorClubPrice(price * 100) / 100;
}

/**
 * Which doctor's visit a canonical service of the directory is, or null for any other service:
 * a first consultation of a speciality ('Приём невролога первичный', 'Осмотр и консультация
 * стоматолога') is the visit at the clinic, a home call ('Вызов терапевта на дом') the home visit.
 * A repeat visit ('…повторный') is a service of its own. A price-list line of such a service that
 * names the doctor prices that doctor's visit: it shows the workplace's price (ADR 039). The
 * migration 0040 applies the same rule in SQL to the directory already loaded.
 */
export function serviceVisitType(service: {
  classTranslit: string;
  translit: string;
  hasSpeciality: boolean;
}): VisitPriceType | null {
  if (service.classTranslit !== 'priem-vracha' || !service.hasSpeciality) return null;
  if (service.translit.includes('povtorn')) return null;
  return service.translit.includes('na-dom') ? 'home' : 'clinic';
}
