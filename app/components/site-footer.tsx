import { Link } from 'react-router';
import { LEGAL_URLS } from '../../core/legal/urls';

export function SiteFooter() {
  return (
    <footer className="mt-12 border-t border-line bg-surface">
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 text-sm text-ink-soft sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="font-semibold text-ink">ПроДокторов</p>
          <p className="mt-2">Отзывы о врачах и клиниках, запись на приём онлайн.</p>
        </div>
        <nav aria-label="Пациентам" className="flex flex-col gap-1">
          <p className="font-semibold text-ink">Пациентам</p>
          <Link to="/?town=choose" className="hover:text-brand">
            Выбрать город
          </Link>
          <Link to="/moskva/vrach/" className="hover:text-brand">
            Врачи Москвы
          </Link>
          <Link to="/moskva/lpu/" className="hover:text-brand">
            Клиники Москвы
          </Link>
          <Link to="/rating/" className="hover:text-brand">
            Как считается рейтинг
          </Link>
        </nav>
        <nav aria-label="Документы" className="flex flex-col gap-1">
          <p className="font-semibold text-ink">Документы</p>
          <a href={LEGAL_URLS.privacy} className="hover:text-brand">
            Политика конфиденциальности
          </a>
          <a href={LEGAL_URLS.terms} className="hover:text-brand">
            Пользовательское соглашение
          </a>
          <a href={LEGAL_URLS.publishing} className="hover:text-brand">
            Политика публикации отзывов
          </a>
          <a href={LEGAL_URLS['club-rules']} className="hover:text-brand" target="_blank" rel="noopener">
            Правила клуба (PDF)
          </a>
          <a href={LEGAL_URLS['club-offer']} className="hover:text-brand" target="_blank" rel="noopener">
            Оферта клубной карты (PDF)
          </a>
        </nav>
        <div>
          <p className="font-semibold text-ink">Важно</p>
          <p className="mt-2">
            Информация на сайте не заменяет консультацию врача. Имеются противопоказания.
          </p>
        </div>
      </div>
    </footer>
  );
}
