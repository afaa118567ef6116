import { defineCall } from '../http/call';
import type { ClinicNotifications, ClinicNotificationsBody } from './notification-contracts';

export type { ClinicNotifications, ClinicNotificationsBody };

/**
 * The clinic's own contact for the site's bookings (docs/product/cabinet.md, 'Notifications to
 * the clinic'): a mobile for SMS and an e-mail, each optional, and what to send to them.
 */
export const NOTIFY_TEXTS = {
  title: 'Уведомления клинике',
  lead: 'Куда сообщать о записях с сайта, новых отзывах и заявках на звонок. В СМС — время, врач и фамилия пациента; подробности — в письме и в кабинете.',
  phone: 'Мобильный телефон для СМС',
  email: 'Электронная почта',
  newBooking: 'Новая запись',
  patientCancel: 'Отмена записи пациентом',
  newReview: 'Новый отзыв',
  callbackRequest: 'Заявка на звонок',
  save: 'Сохранить',
  saved: 'Сохранено',
  badPhone: 'Укажите мобильный номер в формате +7 9XX XXX-XX-XX',
  badEmail: 'Введите корректный адрес электронной почты',
  clinicOnly: 'Уведомления настраивает клиника',
} as const;

/** The clinic's contact for bookings (a clinic account; a doctor is refused). */
export const cabinetNotifications = defineCall<{ reply: ClinicNotifications }>()(
  'GET',
  '/cabinet/ajax/notifications/',
);
/** Sets it; the jobs read it when they run, so messages already queued follow. */
export const cabinetSetNotifications = defineCall<{
  body: ClinicNotificationsBody;
  reply: ClinicNotifications;
}>()('POST', '/cabinet/ajax/notifications/');
