import { timingSafeEqual } from 'node:crypto';
import { zonedDay } from '../../../core/dates/zoned';
import type {
  MisDoctor,
  MisDoctorBody,
  MisDoctors,
  MisFeed,
  MisSlotsPushed,
  MisSlotsPushRequest,
} from '../../../core/mis/contracts';
import { MIS_KEY_TEXTS, type MisScope, scopesOf } from '../../../core/mis/keys';
import {
  FEED_START,
  formatCursor,
  MIS_LIMITS,
  MIS_TEXTS,
  parseCursor,
  rangeProblem,
} from '../../../core/mis/push';
import { addDays, zonedInstant } from '../../../core/schedule/free-slots';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { PG_ERRORS, pgErrorCode } from '../../db/errors';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../../http/errors';
import type { JobSender } from '../../jobs/queue';
import type { BookingService } from '../booking/service';
import { WAITLIST_JOBS } from '../booking/waitlist';
import type { CabinetService } from '../cabinet/service';
import { createMisKeys, sha256 } from './keys';
import { applyChanges, matchDoctors, planChanges, readStoredSlots } from './push-slots';
import { createMisRepo, type Place } from './repo';
import { createMisVisits, misAppointmentOf } from './visits';

export type MisService = ReturnType<typeof createMisService>;

/** The clinic a key speaks for. */
export interface MisClient {
  keyId: number;
  clinicId: number;
  /** What the key may do (a key made before scopes: everything). */
  scopes: MisScope[];
  /** The clinic account that issued the key: the MIS's writes are audited in its name. */
  issuedBy: number;
}

/** The key's client if it holds the scope, else 403 naming the scope. */
export function withScope(client: MisClient, scope: MisScope): MisClient {
  if (!client.scopes.includes(scope)) throw forbidden(MIS_KEY_TEXTS.noScope(scope));
  return client;
}

const KEY_PATTERN = /^mis_([0-9a-f]{8})_[A-Za-z0-9_-]{43}$/;

const doctorOf = (p: Place): MisDoctor => ({
  doctor_id: p.doctorId,
  mis_id: p.misId,
  name: p.name,
  visit_types: p.visitTypes,
  mis_schedule: p.misSchedule,
  appointment_on: p.appointmentOn,
});

/**
 * The integration API for clinic software (docs/product/mis-api.md): keys issued in the cabinet
 * (keys.ts), the clinic's doctors, the push of their slots (push-slots.ts) and the change feed
 * of their appointments. Every call speaks for the key's clinic only; nothing names another
 * clinic's rows.
 */
export function createMisService({
  db,
  clock,
  jobs,
  booking,
  cabinet,
}: {
  db: Db;
  clock: Clock;
  jobs: JobSender;
  booking: Pick<BookingService, 'deskBook' | 'deskMove'>;
  cabinet: Pick<CabinetService, 'mark'>;
}) {
  const repo = createMisRepo(db);

  async function clinicOf(clinicId: number) {
    const clinic = await repo.clinic(clinicId);
    if (!clinic) throw unauthorized(MIS_TEXTS.badKey);
    return clinic;
  }

  return {
    ...createMisKeys({ db, clock, repo }),
    /** Cancel, move, mark and book (visits.ts). */
    ...createMisVisits({ repo, booking, cabinet, clinicOf, now: () => clock.now() }),

    /**
     * The clinic a bearer key speaks for, or 401. Only the key's hash is stored; the comparison
     * takes the same time however much of it matches. Its last use is written at most once a
     * minute, not on every call.
     */
    async authenticate(authorization: string | undefined): Promise<MisClient> {
      if (!authorization) throw unauthorized(MIS_TEXTS.noKey);
      const match = /^Bearer\s+(\S+)$/i.exec(authorization.trim());
      if (!match) throw unauthorized(MIS_TEXTS.noKey);
      const secret = match[1];
      const parts = KEY_PATTERN.exec(secret);
      if (!parts) throw unauthorized(MIS_TEXTS.badKey);
      const row = await repo.keyByPrefix(parts[1]);
      const given = Buffer.from(sha256(secret), 'hex');
      const stored = Buffer.from(row?.keyHash ?? sha256('none'), 'hex');
      if (!row || row.revokedAt !== null || !timingSafeEqual(given, stored))
        throw unauthorized(MIS_TEXTS.badKey);
      await repo.touchKey(row.id, clock.now());
      return { keyId: row.id, clinicId: row.clinicId, scopes: scopesOf(row.scopes), issuedBy: row.createdBy };
    },

    async doctors(client: MisClient): Promise<MisDoctors> {
      const clinic = await clinicOf(client.clinicId);
      return { clinic, doctors: (await repo.places(db, client.clinicId)).map(doctorOf) };
    },

    /** Sets a doctor's MIS id (unique within the clinic) and whether his slots come from the MIS. */
    async setDoctor(client: MisClient, doctorId: number, body: MisDoctorBody): Promise<MisDoctor> {
      try {
        return await db.transaction(async (tx) => {
          const place = (await repo.places(tx, client.clinicId)).find((p) => p.doctorId === doctorId);
          if (!place) throw notFound(MIS_TEXTS.doctorNotFound);
          const misId = body.mis_id === undefined ? place.misId : body.mis_id;
          const misSchedule = body.mis_schedule ?? place.misSchedule;
          await repo.setWorkplaceMis(tx, place.workplaceId, misId, misSchedule);
          return doctorOf({ ...place, misId, misSchedule });
        });
      } catch (err) {
        if (pgErrorCode(err) === PG_ERRORS.uniqueViolation)
          throw conflict('mis_id_taken', MIS_TEXTS.misIdTaken);
        throw err;
      }
    },

    /**
     * Makes each named doctor's slots over the days from…to (the clinic's) exactly the pushed
     * ones, and puts him on the pushed schedule. One transaction; the doctors' workplace rows are
     * locked (in id order) so two pushes for one doctor apply one after the other. Booked visits
     * are rows of their own and stay whatever the push says. A doctor who gains times has them
     * offered to the waitlist. The steps are in push-slots.ts.
     */
    async pushSlots(client: MisClient, body: MisSlotsPushRequest): Promise<MisSlotsPushed> {
      const clinic = await clinicOf(client.clinicId);
      const today = zonedDay(clock.now(), clinic.tz).date;
      const rangeError = rangeProblem({ from: body.from, to: body.to, today });
      if (rangeError) throw badRequest(rangeError);
      const window = {
        from: zonedInstant(body.from, '00:00', clinic.tz),
        to: zonedInstant(addDays(body.to, 1), '00:00', clinic.tz),
      };

      return db.transaction(async (tx) => {
        const asked = matchDoctors(await repo.places(tx, client.clinicId, true), body, clinic.tz);
        const storedOf = await readStoredSlots(repo, tx, asked, window);
        const changes = planChanges(asked, storedOf, body, {
          now: clock.now(),
          timeZone: clinic.tz,
          horizonDays: clinic.booking_horizon_days,
        });
        await applyChanges(repo, tx, asked, changes);
        if (changes.gained.length) {
          await jobs.enqueue(
            tx,
            changes.gained.map((workplaceId) => ({
              kind: WAITLIST_JOBS.opened,
              runAt: clock.now(),
              payload: { workplaceId },
            })),
          );
        }
        return changes.reply;
      });
    },

    /**
     * The clinic's appointments written since the cursor, in the order of the transactions that
     * wrote them. Only rows of transactions older than every one still running are read (the
     * snapshot's xmin): a transaction that began earlier but commits later cannot slip behind a
     * cursor already past it. Holds (a form being filled) are not appointments and are left out.
     */
    async appointments(client: MisClient, query: { since?: string; limit: number }): Promise<MisFeed> {
      const cursor = query.since === undefined ? FEED_START : parseCursor(query.since);
      if (!cursor) throw badRequest(MIS_TEXTS.badCursor);
      const rows = await repo.feed(client.clinicId, cursor, query.limit + 1);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        appointments: page.map(misAppointmentOf),
        next_cursor: formatCursor(last ? { xid: Number(last.xid), id: last.id } : cursor),
        has_more: rows.length > query.limit,
      };
    },
  };
}

export { MIS_LIMITS };
