/**
 * The patient card at the clinic's desk (docs/product/front-desk.md, 'Карточка пациента'): the
 * patient of one of the clinic's visits, their visits at this clinic and the clinic's own note.
 */

/** The note's length at most. */
export const PATIENT_NOTE_MAX = 2000;

export const PATIENT_TEXTS = {
  open: 'Карточка пациента',
  title: 'Карточка пациента',
  notFound: 'Запись не найдена',
  signIn: 'Карточку пациента видит регистратура клиники',
  phone: 'Телефон',
  email: 'Эл. почта',
  birthDate: 'Дата рождения',
  none: 'не указана',
  coming: 'Предстоящие записи',
  past: 'Прошедшие записи',
  noComing: 'Предстоящих записей нет',
  noPast: 'Прошедших записей нет',
  visits: 'Записей в клинике',
  arrived: 'пришёл',
  noShows: 'не пришёл',
  canceled: 'отменено',
  note: 'Заметка клиники',
  noteHint: 'Видна только сотрудникам клиники, пациенту не показывается',
  noteSave: 'Сохранить заметку',
  noteSaved: 'Заметка сохранена',
  noteTooLong: `Не больше ${PATIENT_NOTE_MAX} символов`,
  noteUpdated: 'Изменена',
  loading: 'Загружаем карточку…',
} as const;

/**
 * Whose the visits and the note are: the patient's account when the visit has one, else the
 * phone the visit was booked for ('user:42', 'phone:79161234567').
 */
export function patientKey(visit: { userId: number | null; phone: string }): string {
  return visit.userId !== null ? `user:${visit.userId}` : `phone:${visit.phone}`;
}

/** A patient's visits split into coming (soonest first) and past (latest first), with the counts. */
export function patientHistory<V extends { startsAt: string; endsAt: string; status: string }>(
  visits: readonly V[],
  now: Date,
): {
  coming: V[];
  past: V[];
  counts: { coming: number; past: number; arrived: number; noShow: number; canceled: number };
} {
  const t = now.getTime();
  const coming: V[] = [];
  const past: V[] = [];
  let arrived = 0;
  let noShow = 0;
  let canceled = 0;
  for (const v of visits) {
    if (v.status === 'arrived') arrived++;
    if (v.status === 'no_show') noShow++;
    if (v.status === 'canceled') canceled++;
    // A visit still booked and not yet over is coming; anything else has happened.
    const open = v.status === 'booked' || v.status === 'confirmed';
    if (open && Date.parse(v.endsAt) > t) coming.push(v);
    else past.push(v);
  }
  coming.sort((a, b) => a.startsAt.localeCompare(b.startsAt));
  past.sort((a, b) => b.startsAt.localeCompare(a.startsAt));
  return {
    coming,
    past,
    counts: { coming: coming.length, past: past.length, arrived, noShow, canceled },
  };
}
