/**
 * The cabinet's pages (and staff's): their paths and the names the account menu gives them. The
 * menu sits in the header of every public page, so these live apart from the pages' own texts and
 * rules: a patient's first load carries a dozen words, not the cabinet's forms.
 */
export const CABINET_PAGES = {
  appointments: { path: '/cabinet/appointments/', title: 'Записи на приём' },
  schedule: { path: '/cabinet/schedule/', title: 'Расписание' },
  clinic: { path: '/cabinet/clinic/', title: 'Страница клиники' },
  prices: { path: '/cabinet/prices/', title: 'Цены и услуги' },
  integration: { path: '/cabinet/integration/', title: 'Интеграция с МИС' },
  effectiveness: { path: '/cabinet/effectiveness/', title: 'Эффективность страницы' },
  profile: { path: '/cabinet/profile/', title: 'Мой профиль', clinicTitle: 'Профили врачей' },
  reviews: { path: '/cabinet/reviews/', title: 'Отзывы обо мне' },
} as const;

export const STAFF_PAGES = {
  reviews: { path: '/staff/reviews/', title: 'Модерация отзывов' },
  profiles: { path: '/staff/profiles/', title: 'Модерация профилей' },
} as const;
