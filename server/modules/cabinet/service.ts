import type { Reception, ReceptionFilter } from '../../../core/cabinet/contracts';
import { RECEPTION_TEXTS } from '../../../core/cabinet/reception';
import { zonedDay } from '../../../core/dates/zoned';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { badRequest, forbidden, unauthorized } from '../../http/errors';
import type { SessionViewer } from '../auth/viewer';
import { type CabinetAccount, createCabinetRepo, type ReceptionOwner } from './repo';

export type CabinetService = ReturnType<typeof createCabinetService>;

/** Whose cabinet this is, or the 401/403 for anyone but a doctor or a clinic account. */
export function cabinetOwner(viewer: SessionViewer): CabinetAccount {
  if (viewer.userId === null) throw unauthorized(RECEPTION_TEXTS.signIn);
  if (viewer.role === 'clinic' && viewer.clinicId !== null) return { clinicId: viewer.clinicId };
  if (viewer.role === 'doctor' && viewer.doctorId !== null) return { doctorId: viewer.doctorId };
  throw forbidden(RECEPTION_TEXTS.signIn);
}

/**
 * The doctor's and clinic's side (docs/product/cabinet.md). Every call first settles whose
 * cabinet it is from the session, never from the request: a clinic sees its own visits only.
 */
export function createCabinetService({ db, clock }: { db: Db; clock: Clock }) {
  const repo = createCabinetRepo(db);

  return {
    /**
     * The reception list: a day or a week of visits, a clinic's optionally for one doctor. A
     * doctor not of the clinic is refused (the call), or shows all doctors (the page's link).
     */
    async reception(
      viewer: SessionViewer,
      query: ReceptionFilter,
      { otherDoctor = 'refuse' }: { otherDoctor?: 'refuse' | 'all' } = {},
    ) {
      const account = cabinetOwner(viewer);
      const tz = (await repo.homeZone(account)) ?? 'Europe/Moscow';
      const today = zonedDay(clock.now(), tz).date;
      const days = query.days ?? 1;
      const date = query.date ?? today;
      let doctors: Reception['doctors'] = [];
      let doctor: number | null = null;
      if ('clinicId' in account) {
        doctors = await repo.clinicDoctors(account.clinicId);
        if (query.doctor !== undefined) {
          // Only a doctor of this clinic: another's id would list nothing, but say so plainly.
          const ours = doctors.some((d) => d.id === query.doctor);
          if (!ours && otherDoctor === 'refuse') throw badRequest(RECEPTION_TEXTS.notOurDoctor);
          doctor = ours ? query.doctor : null;
        }
      }
      const owner: ReceptionOwner =
        'clinicId' in account ? { clinicId: account.clinicId, doctorId: doctor } : account;
      const visits = await repo.visits(owner, date, days);
      return { date, days, today, doctors, doctor, visits } satisfies Reception;
    },
  };
}
