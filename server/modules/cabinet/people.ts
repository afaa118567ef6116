import { parsePhoneDigits } from '../../../core/auth/phone';
import type {
  ChangePersonBody,
  ClinicPeople,
  ClinicPerson,
  InvitePersonBody,
} from '../../../core/cabinet/people';
import { PEOPLE_TEXTS, personChangeRefusal, removalRefusal } from '../../../core/cabinet/people';
import type { CabinetRole } from '../../../core/cabinet/permissions';
import type { Clock } from '../../clock';
import type { Db, DbTx } from '../../db/client';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../../http/errors';
import type { SessionViewer } from '../auth/viewer';
import { type AccountOf, createPeopleRepo, type PersonRow } from './people-repo';
import { roleOf } from './permissions';

export type ClinicPeopleService = ReturnType<typeof createClinicPeople>;

/** The account a role makes of a person of this clinic. */
function accountOf(role: CabinetRole, clinicId: number, doctorId: number | null | undefined): AccountOf {
  if (role === 'doctor')
    return { role: 'doctor', clinicId: null, doctorId: doctorId as number, networkId: null };
  return { role: 'clinic', clinicId, doctorId: null };
}

/**
 * The people of a clinic (docs/product/roles.md, 'People of a clinic'): its administrators invite
 * a phone with a role, change roles and remove people. Every change runs with the clinic's row
 * locked (so two administrators can never both step down), is written to the cabinet's audit log
 * under the acting person, and a removal ends the person's sessions in its own transaction.
 */
export function createClinicPeople({ db, clock }: { db: Db; clock: Clock }) {
  const repo = createPeopleRepo(db);

  /** The administrator's clinic and own id (the permission hook has refused anyone else already). */
  function adminOf(viewer: SessionViewer): { clinicId: number; userId: number } {
    if (viewer.userId === null) throw unauthorized(PEOPLE_TEXTS.clinicOnly);
    if (viewer.role !== 'clinic' || viewer.clinicId === null || roleOf(viewer) !== 'administrator')
      throw forbidden(PEOPLE_TEXTS.clinicOnly);
    return { clinicId: viewer.clinicId, userId: viewer.userId };
  }

  const personOf = (row: PersonRow, me: number): ClinicPerson => ({
    id: row.id,
    role: row.role,
    name: row.name,
    phone: row.phone,
    doctor: row.doctorId === null ? null : { id: row.doctorId, name: row.doctorName ?? '' },
    invitedAt: new Date(row.createdAt).toISOString(),
    isMe: row.userId === me,
  });

  async function listOf(q: Db | DbTx, clinicId: number, me: number): Promise<ClinicPeople> {
    const rows = await repo.people(q, clinicId);
    return { people: rows.map((r) => personOf(r, me)), doctors: await repo.doctors(q, clinicId) };
  }

  /** The role's doctor checks: one of the clinic's doctors, and one login per doctor. */
  async function checkRole(
    tx: DbTx,
    clinicId: number,
    input: {
      role: CabinetRole;
      doctorId: number | null | undefined;
      wasAdministrator: boolean;
      userId: number | null;
    },
  ) {
    const refusal = personChangeRefusal({
      role: input.role,
      doctorId: input.doctorId,
      clinicDoctorIds: (await repo.doctors(tx, clinicId)).map((d) => d.id),
      wasAdministrator: input.wasAdministrator,
      administrators: input.wasAdministrator ? await repo.administrators(tx, clinicId) : 0,
    });
    if (refusal === PEOPLE_TEXTS.lastAdministrator) throw conflict('last_administrator', refusal);
    if (refusal) throw badRequest(refusal, { errors: { doctor_id: refusal } });
    if (input.role === 'doctor' && (await repo.doctorHasLogin(tx, input.doctorId as number, input.userId)))
      throw conflict('doctor_taken', PEOPLE_TEXTS.doctorTaken);
  }

  return {
    async list(viewer: SessionViewer): Promise<ClinicPeople> {
      const { clinicId, userId } = adminOf(viewer);
      return listOf(db, clinicId, userId);
    },

    /**
     * Invites a phone: a new account of the role (the person signs in by the usual code), or a
     * removed person's account back. A phone of any other account is refused: a patient's or
     * another clinic's account is never turned into this clinic's login.
     */
    async invite(viewer: SessionViewer, body: InvitePersonBody): Promise<ClinicPeople> {
      const { clinicId, userId } = adminOf(viewer);
      const phone = parsePhoneDigits(body.phone.replace(/\D/g, ''))?.digits;
      if (!phone)
        throw badRequest(PEOPLE_TEXTS.phoneInvalid, { errors: { phone: PEOPLE_TEXTS.phoneInvalid } });
      return repo.transaction(async (tx) => {
        if (!(await repo.lockClinic(tx, clinicId))) throw notFound(PEOPLE_TEXTS.notFound);
        const existing = await repo.account(tx, phone);
        if (existing?.memberOf === clinicId) throw conflict('already_member', PEOPLE_TEXTS.alreadyMember);
        const detached =
          existing !== null &&
          existing.memberOf === null &&
          (existing.role === 'clinic' || existing.role === 'doctor') &&
          existing.clinicId === null &&
          existing.doctorId === null &&
          existing.networkId === null;
        if (existing && !detached) throw conflict('phone_taken', PEOPLE_TEXTS.phoneTaken);
        await checkRole(tx, clinicId, {
          role: body.role,
          doctorId: body.doctor_id,
          wasAdministrator: false,
          userId: existing?.id ?? null,
        });
        const account = accountOf(body.role, clinicId, body.doctor_id);
        let personUserId: number;
        if (existing) {
          personUserId = existing.id;
          await repo.setAccount(tx, personUserId, account);
        } else personUserId = await repo.createAccount(tx, phone, account);
        const now = clock.now();
        const doctorId = body.role === 'doctor' ? (body.doctor_id ?? null) : null;
        const id = await repo.addMember(tx, {
          clinicId,
          userId: personUserId,
          role: body.role,
          doctorId,
          name: body.name || null,
          invitedBy: userId,
          createdAt: now,
        });
        await repo.audit(tx, {
          userId,
          action: 'people.invited',
          targetType: 'clinic_members',
          targetId: id,
          before: null,
          after: { role: body.role, phone, doctorId, userId: personUserId },
          at: now,
        });
        return listOf(tx, clinicId, userId);
      });
    },

    /** A new role; the clinic keeps at least one administrator. */
    async change(viewer: SessionViewer, id: number, body: ChangePersonBody): Promise<ClinicPeople> {
      const { clinicId, userId } = adminOf(viewer);
      return repo.transaction(async (tx) => {
        await repo.lockClinic(tx, clinicId);
        const member = await repo.member(tx, clinicId, id);
        if (!member) throw notFound(PEOPLE_TEXTS.notFound);
        const doctorId = body.role === 'doctor' ? (body.doctor_id ?? null) : null;
        if (member.role === body.role && member.doctorId === doctorId) return listOf(tx, clinicId, userId);
        await checkRole(tx, clinicId, {
          role: body.role,
          doctorId,
          wasAdministrator: member.role === 'administrator',
          userId: member.userId,
        });
        await repo.setRole(tx, id, body.role, doctorId);
        await repo.setAccount(tx, member.userId, accountOf(body.role, clinicId, doctorId));
        await repo.audit(tx, {
          userId,
          action: 'people.role_changed',
          targetType: 'clinic_members',
          targetId: id,
          before: { role: member.role, doctorId: member.doctorId },
          after: { role: body.role, doctorId },
          at: clock.now(),
        });
        return listOf(tx, clinicId, userId);
      });
    },

    /** Removes a person: never the last administrator; their sessions end with it. */
    async remove(viewer: SessionViewer, id: number): Promise<ClinicPeople> {
      const { clinicId, userId } = adminOf(viewer);
      return repo.transaction(async (tx) => {
        await repo.lockClinic(tx, clinicId);
        const member = await repo.member(tx, clinicId, id);
        if (!member) throw notFound(PEOPLE_TEXTS.notFound);
        const refusal = removalRefusal(member.role, await repo.administrators(tx, clinicId));
        if (refusal) throw conflict('last_administrator', refusal);
        const now = clock.now();
        await repo.remove(tx, id, userId, now);
        await repo.setAccount(tx, member.userId, { clinicId: null, doctorId: null, networkId: null });
        await repo.endSessions(tx, member.userId);
        await repo.audit(tx, {
          userId,
          action: 'people.removed',
          targetType: 'clinic_members',
          targetId: id,
          before: { role: member.role, doctorId: member.doctorId, userId: member.userId },
          after: null,
          at: now,
        });
        return listOf(tx, clinicId, userId);
      });
    },
  };
}
