/**
 * The clinic's home-visit settings in the cabinet (docs/product/visits.md): the service area (a
 * radius around the clinic and/or the town's districts) and the arrival window. The schema is
 * the form's and the call's.
 */
import { z } from 'zod';
import { HomeDistrictSchema } from '../booking/home-address';
import { HOME_WINDOWS, SERVICE_RADIUS_KM } from '../booking/home-visit';
import { defineCall } from '../http/call';
import { ClientIdSchema } from '../schedule/contracts';

export const HOME_SETTINGS_TEXTS = {
  title: 'Вызов врача на дом',
  lead: 'Куда выезжают ваши врачи и когда их ждать. Адрес вне этой зоны не примут: пациент увидит «Врач не выезжает по этому адресу».',
  radius: 'Радиус от клиники, км',
  radiusHint: 'Пусто — без радиуса',
  radiusWrong: `Радиус — целое число от ${SERVICE_RADIUS_KM.min} до ${SERVICE_RADIUS_KM.max} км`,
  districts: 'Районы',
  districtsHint: 'Ни радиуса, ни районов — весь город',
  districtWrong: 'Выберите районы из списка',
  window: 'Когда приедет врач',
  atTime: 'Ко времени записи',
  windowOf: (minutes: number) => `В течение ${minutes / 60} ч (с начала выбранного времени)`,
  windowWrong: 'Выберите, когда приедет врач',
  saved: 'Сохранено',
} as const;

export const HomeVisitSettingsBodySchema = z.object({
  radius_km: z
    .number(HOME_SETTINGS_TEXTS.radiusWrong)
    .int(HOME_SETTINGS_TEXTS.radiusWrong)
    .min(SERVICE_RADIUS_KM.min, HOME_SETTINGS_TEXTS.radiusWrong)
    .max(SERVICE_RADIUS_KM.max, HOME_SETTINGS_TEXTS.radiusWrong)
    .nullable(),
  district_ids: z
    .array(ClientIdSchema, HOME_SETTINGS_TEXTS.districtWrong)
    .max(200, HOME_SETTINGS_TEXTS.districtWrong),
  window_minutes: z
    .number(HOME_SETTINGS_TEXTS.windowWrong)
    .refine((m) => (HOME_WINDOWS as readonly number[]).includes(m), HOME_SETTINGS_TEXTS.windowWrong)
    .nullable(),
});
export type HomeVisitSettingsBody = z.infer<typeof HomeVisitSettingsBodySchema>;

export const HomeVisitSettingsSchema = HomeVisitSettingsBodySchema.extend({
  /** The clinic's town's districts to choose from. */
  districts: z.array(HomeDistrictSchema),
});
export type HomeVisitSettings = z.infer<typeof HomeVisitSettingsSchema>;

/** The clinic's home-visit settings (the clinic's administrator). */
export const cabinetHomeVisits = defineCall<{ reply: HomeVisitSettings }>()(
  'GET',
  '/cabinet/ajax/settings/home-visits/',
);
/** Saves them: 200 with what is kept; 400 with the field's words; 403 to other roles. */
export const cabinetSetHomeVisits = defineCall<{ body: HomeVisitSettingsBody; reply: HomeVisitSettings }>()(
  'POST',
  '/cabinet/ajax/settings/home-visits/',
);
