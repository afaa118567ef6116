/**
 * The clinic's front desk (docs/product/front-desk.md): bookings made in the cabinet for a
 * caller or a walk-in, blocks of a doctor's time, moving and confirming visits. Who may do what
 * is one function each, so that roles (administrator, receptionist) extend them in one place.
 */
import { zonedInstant } from '../schedule/free-slots';
import { type CabinetRole, can } from './permissions';

/** What the desk's rules read of the signed-in account (the server's viewer has more). */
export interface DeskViewer {
  userId: number | null;
  role: string | null;
  /** The clinic the session runs: a clinic account's own, or the branch a network account chose. */
  clinicId: number | null;
  /** A clinic login's role in its clinic (core/cabinet/permissions.ts); none: no desk. */
  clinicRole?: CabinetRole | null;
}

/**
 * The clinic whose desk the account runs, or null: a clinic's administrator or receptionist (a
 * network's account for the branch it runs). A doctor's login and a removed person have no desk.
 */
export function canRunDesk(viewer: DeskViewer): number | null {
  if (viewer.userId === null || viewer.role !== 'clinic' || viewer.clinicId === null) return null;
  return can(viewer.clinicRole, 'visits.desk') ? viewer.clinicId : null;
}

/**
 * Whether the account may book a time over another visit on purpose (with a reason): a clinic's
 * administrator only ('visits.overbook').
 */
export function canOverbook(viewer: DeskViewer): boolean {
  return canRunDesk(viewer) !== null && can(viewer.clinicRole, 'visits.overbook');
}

/** An overbooking's reason, and a block's, at most this long. */
export const DESK_REASON_MAX = 500;
/** A block spans at most this many days. */
export const BLOCK_MAX_DAYS = 62;
/** A desk time with no slot of the doctor's hours there lasts this long. */
export const DESK_DEFAULT_MINUTES = 30;

export const DESK_TEXTS = {
  // Booking at the desk.
  bookTitle: 'Записать пациента',
  bookButton: 'Записать',
  booked: 'Пациент записан, ему отправлено СМС',
  phone: 'Телефон пациента',
  phoneHint: '10 цифр без +7, например 9161234567',
  badPhone: 'Введите мобильный номер: 10 цифр, начиная с 9',
  doctor: 'Врач',
  time: 'Дата и время',
  timeHint: 'Можно и время, которого нет на сайте: внутри срока записи или дальше горизонта',
  badTime: 'Укажите дату и время',
  overbook: 'Записать сверх расписания',
  overbookReason: 'Причина записи сверх расписания',
  overbookReasonRequired: 'Напишите, почему записываете сверх расписания',
  overbookForbidden: 'Записать сверх расписания может только администратор клиники',
  reasonLong: `Не больше ${DESK_REASON_MAX} символов`,
  // Refusals.
  signIn: 'Записывать пациентов может клиника',
  notOurDoctor: 'Нет такого врача в клинике',
  notFound: 'Запись не найдена',
  past: 'Это время уже прошло',
  taken: 'Это время занято. Выберите другое',
  blocked: 'Это время закрыто. Сначала верните его',
  workAccount: 'Этот номер — рабочий аккаунт, на него нельзя записать пациента',
  deleting: 'Этот пациент удаляет профиль, записать его пока нельзя',
  notActive: 'Запись уже отменена или прошла',
  begun: 'Приём уже начался',
  sameTime: 'Запись уже на это время',
  // Moving and confirming.
  move: 'Перенести',
  moveTitle: 'Перенести запись',
  moveButton: 'Перенести на это время',
  moved: 'Запись перенесена, пациенту отправлено СМС',
  confirm: 'Подтвердить',
  confirmed: 'Подтверждена',
  // Blocks.
  blockTitle: 'Закрыть время',
  blockButton: 'Закрыть время',
  blockFrom: 'С',
  blockTo: 'До',
  blockReason: 'Причина',
  blockReasonHint: 'Например: совещание, ремонт кабинета',
  blockReasonRequired: 'Напишите причину',
  blockAdded: 'Время закрыто',
  blockOrder: 'Конец должен быть позже начала',
  blockPast: 'Это время уже прошло',
  blockTooLong: `Закрыть можно не больше ${BLOCK_MAX_DAYS} дней за раз`,
  blockVisits: 'На это время есть записи. Перенесите или отмените их, затем закройте время',
  blocks: 'Закрытое время',
  noBlocks: 'Закрытого времени нет',
  unblock: 'Вернуть время',
  unblocked: 'Время возвращено',
  blockNotFound: 'Закрытое время не найдено',
} as const;

/** A visit's 'dd.MM.yyyy HH:mm' slot (as the booking body names it) from a form's 'yyyy-MM-ddTHH:mm'. */
export function slotOfLocal(local: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  return m ? `${m[3]}.${m[2]}.${m[1]} ${m[4]}:${m[5]}` : null;
}

/** A block's edge: an ISO instant with its offset, or the clinic's wall clock 'yyyy-MM-ddTHH:mm'. */
const LOCAL_RE = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/;

/** The instant of a block's edge as sent (a wall-clock time is the clinic's); null when unreadable. */
export function blockEdge(text: string, timeZone: string): Date | null {
  const local = LOCAL_RE.exec(text);
  if (local) return zonedInstant(local[1], local[2], timeZone);
  if (!/[zZ]|[+-]\d{2}:?\d{2}$/.test(text)) return null;
  const at = new Date(text);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** Why a block's range cannot be taken, or null: it must end after it starts, after now, within BLOCK_MAX_DAYS. */
export function blockRangeRefusal(range: { startsAt: Date; endsAt: Date }, now: Date): string | null {
  if (range.endsAt.getTime() <= range.startsAt.getTime()) return DESK_TEXTS.blockOrder;
  if (range.endsAt.getTime() <= now.getTime()) return DESK_TEXTS.blockPast;
  if (range.endsAt.getTime() - range.startsAt.getTime() > BLOCK_MAX_DAYS * 86_400_000)
    return DESK_TEXTS.blockTooLong;
  return null;
}
