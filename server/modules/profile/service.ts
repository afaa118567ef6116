import { createHash, randomBytes } from 'node:crypto';
import { isWorkAccount, WORK_ACCOUNT_TITLE } from '../../../core/auth/viewer';
import { clubCardUrl } from '../../../core/club/rules';
import { zonedDay } from '../../../core/dates/zoned';
import { formatPhone } from '../../../core/phone/format';
import type { Profile, ProfilePage, Relative, RelativeBody } from '../../../core/profile/contracts';
import { clubCardNumber, erasureAt, MAX_RELATIVES, PROFILE_TEXTS } from '../../../core/profile/rules';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import {
  badRequest,
  conflict,
  forbidden,
  notFound,
  serviceUnavailable,
  tooManyRequests,
  unauthorized,
} from '../../http/errors';
import type { EmailProvider } from '../../providers/email/email-provider';
import type { SessionViewer } from '../auth/viewer';
import { createProfileRepo, type RelativeRow } from './repo';

/** The confirmation link works a day. */
const EMAIL_LINK_MS = 24 * 3_600_000;
/** A new letter at most once a minute (a patient pressing twice, a script sending many). */
const EMAIL_RESEND_MS = 60_000;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export const relativeOf = (r: RelativeRow): Relative => ({
  id: r.id,
  last_name: r.lastName,
  first_name: r.firstName,
  patronymic: r.patronymic,
  relation: r.relation,
  birth_date: r.birthDate,
});

/** The confirmation letter's text (plain, as the club's receipts). */
export function emailConfirmLetter(link: string): { subject: string; text: string } {
  return {
    subject: PROFILE_TEXTS.emailSubject,
    text: [
      'Здравствуйте!',
      '',
      'Чтобы получать на этот адрес письма о записях к врачу, подтвердите его по ссылке:',
      link,
      '',
      'Ссылка действует сутки. Если вы не указывали этот адрес в профиле ПроДокторов, просто удалите письмо.',
    ].join('\n'),
  };
}

/**
 * The patient's profile (docs/product/profile.md): relatives, the e-mail and its confirmation
 * link, the e-mail copies of visit messages, and deleting the profile. Every call is a signed-in
 * patient's own: a visitor gets 401, a work account 403; another patient's relative is a 404.
 */
export function createProfileService({
  db,
  clock,
  email,
  publicOrigin,
}: {
  db: Db;
  clock: Clock;
  email: EmailProvider;
  publicOrigin: string;
}) {
  const repo = createProfileRepo(db);

  function patientId(viewer: SessionViewer): number {
    if (viewer.isAnonymous || viewer.userId === null) throw unauthorized(PROFILE_TEXTS.signIn);
    if (isWorkAccount(viewer)) throw forbidden(WORK_ACCOUNT_TITLE);
    return viewer.userId;
  }

  async function profile(userId: number): Promise<Profile> {
    const row = await repo.account(userId);
    if (!row) throw unauthorized(PROFILE_TEXTS.signIn);
    return {
      phone: row.phone ? formatPhone(row.phone) : '',
      email: row.email,
      pending_email: row.pendingEmail,
      notify_email: row.notifyEmail && row.email !== null,
      deleting_since: row.deletingSince?.toISOString() ?? null,
      erase_at: row.deletingSince ? erasureAt(row.deletingSince).toISOString() : null,
    };
  }

  return {
    /** What /profile/ shows; null for a visitor (the page asks them to sign in). */
    async page(viewer: SessionViewer): Promise<ProfilePage | null> {
      if (viewer.isAnonymous || viewer.userId === null || isWorkAccount(viewer)) return null;
      const now = clock.now();
      const [account, relatives, card] = await Promise.all([
        profile(viewer.userId),
        repo.relatives(viewer.userId),
        repo.clubCard(viewer.userId, now),
      ]);
      return {
        profile: account,
        relatives: relatives.map(relativeOf),
        club_card: card
          ? {
              number: clubCardNumber(card.id),
              dt_start: new Date(card.dtStart).toISOString(),
              dt_end: new Date(card.dtEnd).toISOString(),
              link: clubCardUrl(publicOrigin, card.token),
            }
          : null,
        today: zonedDay(now, 'Europe/Moscow').date,
      };
    },

    async relatives(viewer: SessionViewer): Promise<Relative[]> {
      return (await repo.relatives(patientId(viewer))).map(relativeOf);
    },

    /** One of the caller's relatives, for a booking; another's (or none) is a 404. */
    async relativeFor(userId: number, id: number): Promise<Relative> {
      const row = await repo.relative(userId, id);
      if (!row) throw notFound(PROFILE_TEXTS.relativeNotFound);
      return relativeOf(row);
    },

    async addRelative(viewer: SessionViewer, body: RelativeBody): Promise<Relative> {
      const row = await repo.addRelative(patientId(viewer), body, MAX_RELATIVES, clock.now());
      if (!row) throw conflict('too_many_relatives', PROFILE_TEXTS.tooManyRelatives);
      return relativeOf(row);
    },

    async editRelative(viewer: SessionViewer, id: number, body: RelativeBody): Promise<Relative> {
      const row = await repo.editRelative(patientId(viewer), id, body, clock.now());
      if (!row) throw notFound(PROFILE_TEXTS.relativeNotFound);
      return relativeOf(row);
    },

    async removeRelative(viewer: SessionViewer, id: number): Promise<void> {
      if (!(await repo.removeRelative(patientId(viewer), id))) throw notFound(PROFILE_TEXTS.relativeNotFound);
    },

    /**
     * A new address: the letter with the confirmation link goes there, and the profile keeps its
     * old address until the link is opened by this same patient, signed in.
     */
    async changeEmail(viewer: SessionViewer, address: string): Promise<Profile> {
      const userId = patientId(viewer);
      const now = clock.now();
      const row = await repo.account(userId);
      if (row?.email === address)
        throw badRequest(PROFILE_TEXTS.emailSame, { errors: { email: PROFILE_TEXTS.emailSame } });
      const last = await repo.pendingSince(userId);
      if (last && now.getTime() - last.getTime() < EMAIL_RESEND_MS)
        throw tooManyRequests('Письмо уже отправлено. Новое можно запросить через минуту');
      const token = randomBytes(24).toString('base64url');
      await repo.pendEmail(userId, address, hashOf(token), now, new Date(now.getTime() + EMAIL_LINK_MS));
      const link = `${publicOrigin}/profile/?email_token=${token}`;
      try {
        await email.send({ to: address, ...emailConfirmLetter(link) });
      } catch {
        await repo.dropPendingEmail(userId);
        throw serviceUnavailable('Не получилось отправить письмо. Попробуйте ещё раз через несколько минут.');
      }
      return profile(userId);
    },

    async confirmEmail(viewer: SessionViewer, token: string): Promise<Profile> {
      const userId = patientId(viewer);
      if (!(await repo.confirmEmail(userId, hashOf(token), clock.now())))
        throw badRequest(PROFILE_TEXTS.emailCodeWrong);
      return profile(userId);
    },

    async setNotifications(viewer: SessionViewer, on: boolean): Promise<Profile> {
      const userId = patientId(viewer);
      if (on && !(await repo.account(userId))?.email) throw badRequest(PROFILE_TEXTS.emailNeeded);
      await repo.setNotifyEmail(userId, on);
      return profile(userId);
    },

    /** Starts deleting: `keepSession` is this browser's session (its hash), the others end. */
    async startDeletion(viewer: SessionViewer, keepSession: string | null): Promise<Profile> {
      const userId = patientId(viewer);
      if (!(await repo.startDeletion(userId, clock.now(), keepSession)))
        throw conflict('already_deleting', PROFILE_TEXTS.alreadyDeleting);
      return profile(userId);
    },

    async cancelDeletion(viewer: SessionViewer): Promise<Profile> {
      const userId = patientId(viewer);
      if (!(await repo.cancelDeletion(userId))) throw conflict('not_deleting', PROFILE_TEXTS.notDeleting);
      return profile(userId);
    },

    /** When the account asked to be deleted (it may not book then), or null. */
    async deletingSince(userId: number): Promise<Date | null> {
      return (await repo.account(userId))?.deletingSince ?? null;
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
