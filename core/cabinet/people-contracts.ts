import { z } from 'zod';
import { MAX_ID } from '../http/contracts';
import { CABINET_ROLES } from './permissions';

/**
 * The people of a clinic in the cabinet (core/cabinet/people.ts): the reply in the camelCase of
 * the cabinet's replies, the bodies in the snake_case of its bodies.
 */

export const PEOPLE_LIMITS = { nameMax: 100 } as const;

const TEXTS = {
  phone: 'Укажите номер телефона',
  role: 'Выберите роль',
  doctor: 'Выберите врача',
  name: `Имя — не длиннее ${PEOPLE_LIMITS.nameMax} символов`,
} as const;

/** One person of the clinic. */
export const ClinicPersonSchema = z.object({
  id: z.number().int(),
  role: z.enum(CABINET_ROLES),
  /** The name given at invite, if any. */
  name: z.string().nullable(),
  /** Digits with the country code, '79001234567'. */
  phone: z.string(),
  /** A doctor's login: the clinic's doctor it is. */
  doctor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** ISO time of the invitation (of the backfill, for the clinic's first login). */
  invitedAt: z.string(),
  /** The signed-in person. */
  isMe: z.boolean(),
});
export type ClinicPerson = z.infer<typeof ClinicPersonSchema>;

/** The clinic's people, and its doctors a 'doctor' login may be linked to. */
export const ClinicPeopleSchema = z.object({
  people: z.array(ClinicPersonSchema),
  doctors: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type ClinicPeople = z.infer<typeof ClinicPeopleSchema>;

const roleField = z.enum(CABINET_ROLES, { error: TEXTS.role });
const doctorField = z
  .number({ error: TEXTS.doctor })
  .int(TEXTS.doctor)
  .positive(TEXTS.doctor)
  .max(MAX_ID, TEXTS.doctor)
  .nullish();

/** An invitation: the phone (digits with the country code), the role, a doctor for 'doctor'. */
export const InvitePersonBodySchema = z.object({
  phone: z.string({ error: TEXTS.phone }).max(20, TEXTS.phone),
  role: roleField,
  doctor_id: doctorField,
  name: z.string({ error: TEXTS.name }).trim().max(PEOPLE_LIMITS.nameMax, TEXTS.name).nullish(),
});
export type InvitePersonBody = z.infer<typeof InvitePersonBodySchema>;

/** A new role (and a doctor, for 'doctor'). */
export const ChangePersonBodySchema = z.object({ role: roleField, doctor_id: doctorField });
export type ChangePersonBody = z.infer<typeof ChangePersonBodySchema>;
