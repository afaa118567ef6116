import { defineCall } from '../http/call';
import type { ChangePersonBody, ClinicPeople, ClinicPerson, InvitePersonBody } from './people-contracts';
import type { CabinetRole } from './permissions';

export type { ChangePersonBody, ClinicPeople, ClinicPerson, InvitePersonBody };

/**
 * The people of a clinic (docs/product/roles.md): an administrator invites a phone with a role,
 * changes a role, removes a person. Administrators only; never the clinic's last administrator.
 */
export const PEOPLE_TEXTS = {
  title: 'Сотрудники',
  invite: 'Пригласить',
  inviting: 'Приглашаем…',
  invited: 'Приглашение сохранено: сотрудник входит по этому телефону',
  phone: 'Телефон',
  name: 'Имя',
  role: 'Роль',
  doctor: 'Врач',
  change: 'Сменить роль',
  remove: 'Удалить',
  removeConfirm: 'Удалить сотрудника? Он сразу выйдет из кабинета',
  removeYes: 'Да, удалить',
  cancel: 'Отмена',
  me: 'это вы',
  empty: 'Пока здесь только вы',
  phoneInvalid: 'Укажите номер в формате +7 ### ###-##-##',
  phoneTaken: 'Этот номер уже занят другим аккаунтом: пригласите другой',
  alreadyMember: 'Этот сотрудник уже в списке',
  doctorRequired: 'Выберите врача клиники для роли «Врач»',
  notOurDoctor: 'Это не врач вашей клиники',
  doctorTaken: 'У этого врача уже есть вход в кабинет',
  lastAdministrator: 'Нельзя убрать последнего администратора клиники',
  notFound: 'Сотрудник не найден',
  clinicOnly: 'Сотрудников приглашает администратор клиники',
} as const;

/** The clinic's people and doctors (administrators only). */
export const cabinetPeople = defineCall<{ reply: ClinicPeople }>()('GET', '/cabinet/ajax/people/');

/** Invites a phone with a role; the reply is the list after it. */
export const cabinetInvitePerson = defineCall<{ body: InvitePersonBody; reply: ClinicPeople }>()(
  'POST',
  '/cabinet/ajax/people/',
);

/** Changes a person's role. */
export const cabinetChangePerson = defineCall<{
  params: { id: number };
  body: ChangePersonBody;
  reply: ClinicPeople;
}>()('PATCH', '/cabinet/ajax/people/:id/');

/** Removes a person: their sessions end at once. */
export const cabinetRemovePerson = defineCall<{ params: { id: number }; reply: ClinicPeople }>()(
  'DELETE',
  '/cabinet/ajax/people/:id/',
);

/**
 * Why a change to a person is refused, or null: a doctor's login names one of the clinic's
 * doctors (and only it), and the clinic keeps at least one administrator.
 */
export function personChangeRefusal(input: {
  role: CabinetRole;
  doctorId: number | null | undefined;
  clinicDoctorIds: readonly number[];
  /** Was the person an administrator before (a new invitation: false)? */
  wasAdministrator: boolean;
  /** The clinic's live administrators, this person among them if one. */
  administrators: number;
}): string | null {
  if (input.role === 'doctor') {
    if (input.doctorId == null) return PEOPLE_TEXTS.doctorRequired;
    if (!input.clinicDoctorIds.includes(input.doctorId)) return PEOPLE_TEXTS.notOurDoctor;
  }
  if (input.wasAdministrator && input.role !== 'administrator' && input.administrators <= 1)
    return PEOPLE_TEXTS.lastAdministrator;
  return null;
}

/** Removal: never the last administrator. */
export function removalRefusal(role: CabinetRole, administrators: number): string | null {
  return role === 'administrator' && administrators <= 1 ? PEOPLE_TEXTS.lastAdministrator : null;
}
