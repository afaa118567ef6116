/**
 * The cabinet's plan page ('Тариф', docs/product/cabinet.md, 'Тарифы'): the software version the
 * clinic's or doctor's page has, what it gives, what the next level adds, and a request to upgrade
 * that staff see and act on by setting the version. What each level gives is one rule:
 * core/directory/software-version.ts (`softwareRights`, `softwareBenefits`).
 */
import { z } from 'zod';
import {
  SOFTWARE_VERSION_LABELS,
  SOFTWARE_VERSIONS,
  type SoftwareVersion,
  softwareBenefits,
} from '../directory/software-version';
import { defineCall } from '../http/call';
import { MAX_ID } from '../http/contracts';

export type PlanPage = 'doctor' | 'clinic';

export const PLAN_TEXTS = {
  title: 'Тариф',
  current: 'Ваш тариф',
  none: 'Без тарифа',
  noneLead: 'Страница без тарифа обновляет свои данные и отвечает на отзывы, как на любом тарифе.',
  gives: 'Что он даёт',
  next: (label: string) => `Что добавит «${label}»`,
  top: 'У вас самый полный тариф.',
  request: (label: string) => `Запросить тариф «${label}»`,
  requested: (label: string) =>
    `Заявка на тариф «${label}» отправлена. Сотрудник ПроДокторов свяжется с вами и подключит его.`,
  signIn: 'Тариф видят врачи и клиники: войдите в кабинет',
  adminOnly: 'Запросить тариф может администратор клиники',
  notHigher: 'Можно запросить только тариф выше нынешнего',
  version: 'Выберите тариф',
  // Staff.
  staffTitle: 'Тарифы',
  staffOnly: 'Раздел только для сотрудников ПроДокторов',
  kind: 'Укажите, клиника это или врач',
  id: 'Укажите номер страницы',
  notFoundClinic: 'Клиника не найдена',
  notFoundDoctor: 'Врач не найден',
  set: 'Тариф изменён',
} as const;

/** The levels above this one (all of them from no version), lowest first. */
export function higherVersions(version: SoftwareVersion | null): SoftwareVersion[] {
  const from = version === null ? 0 : SOFTWARE_VERSIONS.indexOf(version) + 1;
  return SOFTWARE_VERSIONS.slice(from);
}

/** What the next level up adds to this one (its benefits this one lacks); null at the top. */
export function nextLevel(
  version: SoftwareVersion | null,
  page: PlanPage,
): { version: SoftwareVersion; label: string; adds: string[] } | null {
  const next = higherVersions(version)[0];
  if (!next) return null;
  const have = new Set(version === null ? softwareBenefits('LIGHT', page) : softwareBenefits(version, page));
  const adds = softwareBenefits(next, page).filter((b) => !have.has(b));
  return { version: next, label: SOFTWARE_VERSION_LABELS[next], adds };
}

const VersionSchema = z.enum(SOFTWARE_VERSIONS, PLAN_TEXTS.version);

export const PlanSchema = z.object({
  page: z.enum(['doctor', 'clinic']),
  /** The page's name: the clinic's or the doctor's. */
  name: z.string(),
  version: VersionSchema.nullable(),
  label: z.string(),
  benefits: z.array(z.string()),
  next: z.object({ version: VersionSchema, label: z.string(), adds: z.array(z.string()) }).nullable(),
  /** The levels a request may ask for. */
  higher: z.array(VersionSchema),
  /** The open request, if any: the level asked and when (ISO). */
  requested: z.object({ version: VersionSchema, at: z.string() }).nullable(),
});
export type Plan = z.infer<typeof PlanSchema>;

export const PlanRequestBodySchema = z.object({ version: VersionSchema });
export type PlanRequestBody = z.infer<typeof PlanRequestBodySchema>;

export const StaffSetVersionBodySchema = z.object({
  kind: z.enum(['doctor', 'clinic'], PLAN_TEXTS.kind),
  id: z.coerce
    .number<number>(PLAN_TEXTS.id)
    .int(PLAN_TEXTS.id)
    .positive(PLAN_TEXTS.id)
    .max(MAX_ID, PLAN_TEXTS.id),
  /** Null takes the page's version away. */
  version: VersionSchema.nullable(),
});
export type StaffSetVersionBody = z.infer<typeof StaffSetVersionBodySchema>;

export const PlanRequestItemSchema = z.object({
  kind: z.enum(['doctor', 'clinic']),
  id: z.number().int(),
  name: z.string(),
  /** The page's version now. */
  current: VersionSchema.nullable(),
  requested: VersionSchema,
  at: z.string(),
  /** The version has been set to what was asked (or higher) since. */
  done: z.boolean(),
});
export const StaffPlanRequestsSchema = z.object({ items: z.array(PlanRequestItemSchema) });
export type StaffPlanRequests = z.infer<typeof StaffPlanRequestsSchema>;

export const StaffSetVersionReplySchema = z.object({
  kind: z.enum(['doctor', 'clinic']),
  id: z.number().int(),
  version: VersionSchema.nullable(),
});
export type StaffSetVersionReply = z.infer<typeof StaffSetVersionReplySchema>;

/** The viewer's plan: the clinic's (its session's branch) or the doctor's own. */
export const cabinetPlan = defineCall<{ reply: Plan }>()('GET', '/cabinet/ajax/plan/');

/** Asks staff for a higher level; the plan with the open request. */
export const cabinetPlanRequest = defineCall<{ body: PlanRequestBody; reply: Plan }>()(
  'POST',
  '/cabinet/ajax/plan/request/',
);

/** Upgrade requests, newest first (the last 100), with each page's version now. */
export const staffPlanRequests = defineCall<{ reply: StaffPlanRequests }>()('GET', '/api/staff/plans/');

/** Sets a clinic's or a doctor's version (audited); the public page follows at once. */
export const staffSetSoftwareVersion = defineCall<{
  body: StaffSetVersionBody;
  reply: StaffSetVersionReply;
}>()('POST', '/api/staff/plans/version/');
