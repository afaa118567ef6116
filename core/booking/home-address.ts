/**
 * The home visit's address as the booking form and the booking call send it (the same schema
 * on both sides, so both say the same words). Rules: street and house required, every part
 * within its length (HOME_ADDRESS_LIMITS), no control characters (textInput), inner spaces
 * collapsed. The district is an id of the town's list, checked by the server against the town.
 */
import { z } from 'zod';
import { textInput } from '../http/contracts';
import { ClientIdSchema } from '../schedule/contracts';
import { formatHomeAddress, HOME_TEXTS, type KeptHomeAddress, HOME_ADDRESS_LIMITS as L } from './home-visit';

const squeeze = (s: string) => s.trim().replace(/\s+/g, ' ');

const part = (max: number, required?: string) =>
  textInput(required)
    .transform(squeeze)
    .pipe(
      required
        ? z.string().min(1, required).max(max, HOME_TEXTS.tooLong(max))
        : z.string().max(max, HOME_TEXTS.tooLong(max)),
    );

/** The note keeps its line breaks (a few lines for the doctor), other spaces collapse. */
const note = textInput()
  .transform((s) =>
    s
      .split(/\r?\n/)
      .map((line) => line.trim().replace(/\s+/g, ' '))
      .filter(Boolean)
      .join('\n'),
  )
  .pipe(z.string().max(L.note, HOME_TEXTS.tooLong(L.note)));

export const HomeAddressSchema = z.object({
  street: part(L.street, HOME_TEXTS.street),
  house: part(L.house, HOME_TEXTS.house),
  flat: part(L.flat).default(''),
  entrance: part(L.entrance).default(''),
  floor: part(L.floor).default(''),
  intercom: part(L.intercom).default(''),
  note: note.default(''),
  district_id: ClientIdSchema.nullable().default(null),
});
export type HomeAddressRequest = z.input<typeof HomeAddressSchema>;
export type HomeAddressBody = z.output<typeof HomeAddressSchema>;

/** A district of the town the patient may choose for a home visit. */
export const HomeDistrictSchema = z.object({ id: z.number(), name: z.string() });
export type HomeDistrict = z.infer<typeof HomeDistrictSchema>;

/**
 * What the booking page tells the form of a home visit: the town's districts (the patient picks
 * one when there are any), the clinic's window, and the patient's last home address to offer.
 */
export const HomeVisitSetupSchema = z.object({
  districts: z.array(HomeDistrictSchema),
  /** Districts the clinic serves (empty: no list); the form refuses others at once. */
  servedDistrictIds: z.array(z.number()),
  /** A radius is set too: an address in an unlisted district may still be served (the server places it). */
  hasRadius: z.boolean(),
  windowMinutes: z.number().nullable(),
  lastAddress: z
    .object({
      street: z.string(),
      house: z.string(),
      flat: z.string(),
      entrance: z.string(),
      floor: z.string(),
      intercom: z.string(),
      note: z.string(),
      district_id: z.number().nullable(),
    })
    .nullable(),
});
export type HomeVisitSetup = z.infer<typeof HomeVisitSetupSchema>;

/** The address as a visit shows it to those who may see it (patient, the clinic's staff). */
export const VisitAddressSchema = z.object({
  /** 'ул. Ленина, д. 5, кв. 12, подъезд 2, этаж 3, домофон 12К'. */
  line: z.string(),
  district: z.string().nullable(),
  note: z.string(),
  lat: z.number().nullable(),
  lon: z.number().nullable(),
});
export type VisitAddress = z.infer<typeof VisitAddressSchema>;

/**
 * The patient's own point on the map (a home visit's page shows where the doctor goes, not the
 * clinic): Yandex Maps with a mark at it; null when the address was not placed on the map.
 */
export function homeMapLink(a: Pick<VisitAddress, 'lat' | 'lon'>): string | null {
  if (a.lat === null || a.lon === null) return null;
  return `https://yandex.ru/maps/?pt=${a.lon},${a.lat}&z=17&l=map`;
}

/** A home visit's place as lists show it: the address and the arrival window (minutes, or null). */
export const VisitHomeSchema = z.object({
  address: VisitAddressSchema,
  windowMinutes: z.number().nullable(),
});
export type VisitHome = z.infer<typeof VisitHomeSchema>;

/** A kept address as the visit's patient and staff see it. */
export function visitAddressOf(a: KeptHomeAddress): VisitAddress {
  return { line: formatHomeAddress(a), district: a.districtName, note: a.note, lat: a.lat, lon: a.lon };
}
