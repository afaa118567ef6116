import { TZDate } from '@date-fns/tz';
import { formatHomeAddress } from '../../../core/booking/home-visit';
import type {
  MisAppointment,
  MisBookRequest,
  MisCancelBody,
  MisHomeAddress,
  MisMarkBody,
  MisMoveBody,
} from '../../../core/mis/contracts';
import { clinicTime, MIS_TEXTS } from '../../../core/mis/push';
import { conflict, DomainError, isDomainError, notFound } from '../../http/errors';
import { ANONYMOUS_VIEWER, type SessionViewer } from '../auth/viewer';
import type { BookingService } from '../booking/service';
import type { CabinetService } from '../cabinet/service';
import type { FeedRow, MisRepo } from './repo';
import type { MisClient } from './service';

const iso = (value: string | Date) => new Date(value).toISOString();
const pad2 = (n: number) => String(n).padStart(2, '0');

/** An appointment as the change feed tells it. */
export const misAppointmentOf = (r: FeedRow): MisAppointment => ({
  id: r.id,
  status: r.status === 'active' ? 'booked' : r.status,
  doctor_id: r.doctorId,
  doctor_mis_id: r.doctorMisId,
  service_id: r.serviceId,
  service_mis_id: r.serviceMisId,
  slot_mis_id: r.slotMisId,
  visit_type: r.visitType,
  starts_at: iso(r.startsAt),
  ends_at: iso(r.endsAt),
  home_address: r.visitType === 'home' ? misHomeAddressOf(r.homeAddress) : null,
  home_window_minutes: r.visitType === 'home' ? r.homeWindowMinutes : null,
  patient: { name: r.patientName, phone: r.patientPhone, birth_date: r.birthDate },
  price: r.price,
  prepaid: r.prepaid === null ? null : Math.round(r.prepaid / 100),
  confirmed: r.confirmed,
  canceled_by: r.canceledBy,
  cancel_reason: r.cancelReason,
  created_at: iso(r.createdAt),
});

/** Where the doctor goes, as the clinic's software reads it; null when no address was given. */
function misHomeAddressOf(a: FeedRow['homeAddress']): MisHomeAddress | null {
  if (!a) return null;
  return {
    line: formatHomeAddress(a),
    street: a.street,
    house: a.house,
    flat: a.flat,
    entrance: a.entrance,
    floor: a.floor,
    intercom: a.intercom,
    note: a.note,
    district: a.districtName,
    lat: a.lat,
    lon: a.lon,
  };
}

/** An instant as the desk's 'dd.MM.yyyy HH:mm' on the clinic's clock. */
export function deskSlotOf(at: string, tz: string): string {
  const local = new TZDate(new Date(at).getTime(), tz);
  return `${pad2(local.getDate())}.${pad2(local.getMonth() + 1)}.${local.getFullYear()} ${pad2(local.getHours())}:${pad2(local.getMinutes())}`;
}

/**
 * A claim left without its reply this long is taken over by a repeat (the first call's process
 * died after claiming): the operations refuse doing the same thing twice on their own (a
 * cancelled visit, the same time, the same mark, the patient's visit at that time).
 */
const STALE_CLAIM_MS = 60_000;

/** What a call of the MIS answered, kept under its idempotency key. */
type Outcome = { status: number; reply: unknown };

/**
 * The MIS writes visits (docs/product/mis-api.md, 'Writing visits'): cancel, move, mark and book,
 * each through the very code the clinic's own cabinet runs (the reception list's `mark`, the
 * front desk's `deskMove` and `deskBook`), so they hold under the same database guarantee and
 * send the patient the same SMS. The MIS acts as the clinic account that issued its key, with a
 * receptionist's rights (no overbooking), so its writes are in the cabinet's audit log in that
 * name. Each call is idempotent by the key the MIS sends: the first call with it claims a row,
 * its reply (or refusal) is kept, and a repeat gets that reply without acting again.
 */
export function createMisVisits({
  repo,
  booking,
  cabinet,
  clinicOf,
  now,
}: {
  repo: MisRepo;
  booking: Pick<BookingService, 'deskBook' | 'deskMove'>;
  cabinet: Pick<CabinetService, 'mark'>;
  clinicOf: (clinicId: number) => Promise<{ tz: string }>;
  now: () => Date;
}) {
  const viewerOf = (client: MisClient): SessionViewer => ({
    ...ANONYMOUS_VIEWER,
    userId: client.issuedBy,
    role: 'clinic',
    clinicId: client.clinicId,
    clinicRole: 'receptionist',
  });

  async function visit(client: MisClient, id: number): Promise<MisAppointment> {
    const row = await repo.appointment(client.clinicId, id);
    if (!row) throw notFound(MIS_TEXTS.visitNotFound);
    return misAppointmentOf(row);
  }

  /** The visit must be the clinic's: another clinic's, or none, is 404 before anything is claimed. */
  async function own(client: MisClient, id: number): Promise<void> {
    await visit(client, id);
  }

  async function once(
    client: MisClient,
    idempotencyKey: string,
    operation: string,
    run: () => Promise<MisAppointment>,
    okStatus = 200,
  ): Promise<Outcome> {
    if (!(await repo.claimIdempotency(client.keyId, idempotencyKey, operation, now(), STALE_CLAIM_MS))) {
      const kept = await repo.idempotent(client.keyId, idempotencyKey);
      if (!kept || kept.operation !== operation)
        throw conflict('idempotency_key_reused', MIS_TEXTS.idempotencyOther);
      if (kept.status === null) throw conflict('idempotency_key_running', MIS_TEXTS.idempotencyRunning);
      if (kept.status >= 400) {
        const { code, detail, extra } = kept.reply as {
          code: string;
          detail: string;
          extra: Record<string, unknown>;
        };
        throw new DomainError(code, detail, kept.status, extra);
      }
      return { status: kept.status, reply: kept.reply };
    }
    try {
      const reply = await run();
      await repo.keepReply(client.keyId, idempotencyKey, okStatus, reply);
      return { status: okStatus, reply };
    } catch (err) {
      // A refusal is the answer to this request: a repeat gets it again. Anything else (a lost
      // connection) leaves the key free to try again.
      if (isDomainError(err) && err.status >= 400 && err.status < 500) {
        await repo.keepReply(client.keyId, idempotencyKey, err.status, {
          code: err.code,
          detail: err.detail,
          extra: err.extra,
        });
      } else {
        await repo.releaseIdempotency(client.keyId, idempotencyKey);
      }
      throw err;
    }
  }

  return {
    /** Cancels with a reason, as 'Отменить запись' in the reception list: the time is free at once. */
    async misCancel(client: MisClient, id: number, body: MisCancelBody): Promise<Outcome> {
      await own(client, id);
      return once(client, body.idempotency_key, `cancel ${id}`, async () => {
        await cabinet.mark(viewerOf(client), id, { status: 'canceled', reason: body.reason });
        return visit(client, id);
      });
    },

    /**
     * Moves to another time of the doctor's (or another doctor's of the clinic), as the desk
     * moves; a doctor on the pushed schedule only to one of his pushed slots.
     */
    async misMove(client: MisClient, id: number, body: MisMoveBody): Promise<Outcome> {
      const was = await visit(client, id);
      const { tz } = await clinicOf(client.clinicId);
      return once(client, body.idempotency_key, `move ${id}`, async () => {
        // A doctor on the pushed schedule is moved to one of his pushed slots only.
        const doctorId = body.doctor_id ?? was.doctor_id;
        if (doctorId !== null) {
          const at = await repo.pushedSlotAt(
            client.clinicId,
            doctorId,
            was.visit_type,
            new Date(body.starts_at),
          );
          if (at?.misSchedule && !at.found)
            throw conflict(
              'not_a_pushed_slot',
              MIS_TEXTS.notPushedSlot(clinicTime(new Date(body.starts_at), tz)),
            );
        }
        await booking.deskMove(viewerOf(client), id, {
          slot: deskSlotOf(body.starts_at, tz),
          ...(body.doctor_id === undefined ? {} : { doctor_id: body.doctor_id }),
        });
        return visit(client, id);
      });
    },

    /** Marks a begun visit: arrived (status done) or no_show. */
    async misMark(client: MisClient, id: number, body: MisMarkBody): Promise<Outcome> {
      await own(client, id);
      return once(client, body.idempotency_key, `mark ${id}`, async () => {
        await cabinet.mark(viewerOf(client), id, { status: body.status === 'arrived' ? 'done' : 'no_show' });
        return visit(client, id);
      });
    },

    /** Books a time for the phone's patient, as the front desk books (201). */
    async misBook(client: MisClient, body: MisBookRequest): Promise<Outcome> {
      const { tz } = await clinicOf(client.clinicId);
      return once(
        client,
        body.idempotency_key,
        'book',
        async () => {
          const booked = await booking.deskBook(viewerOf(client), {
            doctor_id: body.doctor_id,
            lpu_id: client.clinicId,
            slot: deskSlotOf(body.starts_at, tz),
            type: body.visit_type,
            patient_phone: body.patient.phone.slice(1),
            last_name: body.patient.last_name,
            first_name: body.patient.first_name,
            patronymic: body.patient.patronymic ?? '',
            birth_date: body.patient.birth_date,
            overbook: false,
          });
          return visit(client, booked.visit.id);
        },
        201,
      );
    },
  };
}
