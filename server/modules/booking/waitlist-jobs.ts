import { OFFER_TTL_MS, waitlistOfferUrl, waitlistSms } from '../../../core/booking/waitlist';
import { zonedDay } from '../../../core/dates/zoned';
import { addDays, wallClock, zonedInstant } from '../../../core/schedule/free-slots';
import { SCHEDULE_DAYS } from '../../../core/schedule/limits';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { Job, JobHandler, JobSender } from '../../jobs/queue';
import type { SmsProvider } from '../../providers/sms/sms-provider';
import type { ScheduleService } from '../schedule/service';
import { markSent, wasSent } from './messages-repo';
import { offerFreedTime, WAITLIST_JOBS } from './waitlist';
import {
  deleteOffersExpiredBefore,
  expireRequests,
  offerToSend,
  waitedVisitTypes,
  workplacePlace,
} from './waitlist-repo';

/**
 * The waitlist's jobs: the SMS of an offer (sent once; not when the time is taken, the request
 * stopped or the link expired by then), a reopened day's free times offered, and the hourly end
 * of requests whose days or visit have passed.
 */
export function createWaitlistHandlers({
  db,
  clock,
  sms,
  jobs,
  schedule,
  publicOrigin,
}: {
  db: Db;
  clock: Clock;
  sms: SmsProvider | null;
  jobs: JobSender;
  schedule: ScheduleService;
  publicOrigin: string;
}): Record<(typeof WAITLIST_JOBS)[keyof typeof WAITLIST_JOBS], JobHandler> {
  const idOf = (job: Job, key: string): number => {
    const id = (job.payload as Record<string, unknown> | null)?.[key];
    if (typeof id !== 'number') throw new Error(`job ${job.id}: payload without ${key}`);
    return id;
  };

  return {
    async [WAITLIST_JOBS.offer](job) {
      if (!sms) return;
      const offerId = idOf(job, 'offerId');
      const key = `${job.kind}:${offerId}`;
      const o = await offerToSend(db, offerId, clock.now());
      const now = clock.now();
      if (!o || o.taken || o.status !== 'active') return;
      if (new Date(o.expiresAt).getTime() <= now.getTime()) return;
      if (await wasSent(db, key)) return;
      const { day, time } = wallClock(new Date(o.startsAt), o.tz);
      const link = `${publicOrigin}${waitlistOfferUrl(o.token)}`;
      await sms.send(o.phone, waitlistSms({ doctorName: o.doctorName, day, time, link }));
      await markSent(db, key, job.id, now);
    },

    async [WAITLIST_JOBS.opened](job) {
      const workplaceId = idOf(job, 'workplaceId');
      const w = await workplacePlace(db, workplaceId);
      if (!w) return;
      const types = await waitedVisitTypes(db, w.doctorId);
      const now = clock.now();
      const today = zonedDay(now, w.tz).date;
      for (const { visitType } of types) {
        const days = await schedule.doctorDays({
          doctorId: w.doctorId,
          clinicId: w.clinicId,
          from: today,
          days: SCHEDULE_DAYS,
          visitType,
          holdsOf: null,
        });
        // Earliest first: each patient is told of the first time that suits them (then once a day).
        for (const day of Object.keys(days).sort()) {
          for (const s of days[day]) {
            const startsAt = zonedInstant(day, s.time, w.tz);
            await db.transaction((tx) =>
              offerFreedTime(
                tx,
                jobs,
                {
                  workplaceId,
                  visitType,
                  freedBy: null,
                  startsAt,
                  endsAt: new Date(startsAt.getTime() + s.duration * 60_000),
                },
                now,
              ),
            );
          }
        }
      }
    },

    async [WAITLIST_JOBS.cleanUp]() {
      const now = clock.now();
      // Days are the clinic's; a day later than UTC's is safe for every Russian zone.
      const yesterday = addDays(now.toISOString().slice(0, 10), -1);
      await expireRequests(db, yesterday, now);
      // Offers' links are kept a month after they stopped working.
      await deleteOffersExpiredBefore(db, new Date(now.getTime() - 30 * 86_400_000 - OFFER_TTL_MS));
    },
  };
}
