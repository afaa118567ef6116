import { CLUB_CARD_TERM_MONTHS } from '../../../core/club/rules';
import { clubRuleText } from '../../../core/club/texts';
import { LEGAL_URLS } from '../../../core/legal/urls';
import { BUTTON_VARIANTS } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import { useClubData } from './use-club-data';

export interface ClubInfoModalProps {
  /** 'card': the club card; 'services': a clinic's service prices; 'club': the club itself. */
  mode: 'card' | 'services' | 'club';
  discountPercent?: number;
  onClose: () => void;
}

interface Faq {
  q: string;
  a: string;
}

/** The questions; the first answer is the club's one rule, with the clinic's percent when known. */
const cardFaq = (servicesPercent: number | null): Faq[] => [
  {
    q: 'Что даёт клубная карта?',
    a: clubRuleText(servicesPercent),
  },
  {
    q: 'Сколько действует карта?',
    a: `${CLUB_CARD_TERM_MONTHS} месяцев со дня вступления. Это не подписка: карта сама не продлевается.`,
  },
  {
    q: 'Сколько стоит карта?',
    a: 'Первая карта — в подарок. Следующие карты платные, цену вы увидите перед оплатой.',
  },
  {
    q: 'Как получить клубную цену в клинике?',
    a: 'Покажите клубную карту из профиля администратору клиники.',
  },
];

const clubFaq = (servicesPercent: number | null): Faq[] => [
  ...cardFaq(servicesPercent),
  {
    q: 'Как записаться по клубной цене?',
    a: 'При записи на сайте вы оплачиваете половину клубной цены — невозвратный купон, остальное платите в клинике. Оплатить купон нужно в течение 20 минут.',
  },
];

/**
 * The club's information: a 667 px side panel on desktop, the whole screen on phones, with the
 * questions patients ask. A member may open the club card from here.
 */
export default function ClubInfoModal({ mode, discountPercent, onClose }: ClubInfoModalProps) {
  const club = useClubData();
  const title =
    mode === 'club'
      ? 'Клуб ПроДокторов'
      : mode === 'services' && discountPercent
        ? `Клубная цена -${discountPercent}% на услуги`
        : 'Клубная карта ПроДокторов';
  const faq = mode === 'club' ? clubFaq(discountPercent ?? null) : cardFaq(discountPercent ?? null);
  const cardLink = club?.is_in_club ? club.club_card?.mt_link : null;
  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={title}
      mobile="fullscreen"
      desktop="side"
      width={667}
      footer={
        cardLink ? (
          <a href={cardLink} className={BUTTON_VARIANTS.primary}>
            Открыть клубную карту
          </a>
        ) : undefined
      }
    >
      <div data-testid="club-info" className="space-y-2">
        {faq.map((item) => (
          <details key={item.q} className="group rounded-lg border border-line">
            <summary className="cursor-pointer list-none px-4 py-3 font-medium marker:hidden">
              <span className="flex items-center justify-between gap-3">
                {item.q}
                <span aria-hidden="true" className="text-muted transition-transform group-open:rotate-180">
                  ▾
                </span>
              </span>
            </summary>
            <p className="px-4 pb-3 text-ink-soft">{item.a}</p>
          </details>
        ))}
        <p className="pt-2 text-sm">
          <a href={LEGAL_URLS['club-rules']} target="_blank" rel="noopener" className="text-brand underline">
            Правила клуба
          </a>
        </p>
      </div>
    </Modal>
  );
}
