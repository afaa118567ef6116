/**
 * The fake-review warning banners, 'review' and 'rating' (docs/product/reviews.md). Staff put
 * one on a doctor or a clinic after deleting reviews that patients did not write: 'review' when
 * the reviews were faked, 'rating' when the aim was to lift the rating. The texts say only what
 * moderation did, which the deleted reviews (filter 'Удалённые') show.
 */
export const FAKE_WARNINGS = ['review', 'rating'] as const;
export type FakeWarning = (typeof FAKE_WARNINGS)[number];

export const isFakeWarning = (value: unknown): value is FakeWarning =>
  typeof value === 'string' && (FAKE_WARNINGS as readonly string[]).includes(value);

/** The banner's title and text about a doctor or a clinic. */
export function fakeWarningText(
  warning: FakeWarning,
  subject: 'doctor' | 'lpu',
): { title: string; text: string } {
  const whose = subject === 'doctor' ? 'врача' : 'клиники';
  return warning === 'review'
    ? {
        title: 'Мы нашли накрученные отзывы',
        text: `Часть отзывов о${subject === 'doctor' ? ' враче' : ' клинике'} оставили не пациенты. Модераторы удалили их: они видны в фильтре «Удалённые» и не влияют на рейтинг.`,
      }
    : {
        title: `Рейтинг ${whose} пытались накрутить`,
        text: `Мы нашли оценки, которые поставили не пациенты, чтобы поднять рейтинг ${whose}. Эти отзывы удалены и в рейтинге не учитываются.`,
      };
}

/** The staff's choices for a subject, 'none' clearing the banner. */
export const FAKE_WARNING_CHOICES: { value: FakeWarning | 'none'; title: string }[] = [
  { value: 'none', title: 'Нет предупреждения' },
  { value: 'review', title: 'Накрутка отзывов' },
  { value: 'rating', title: 'Накрутка рейтинга' },
];
