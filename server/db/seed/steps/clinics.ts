import {
  clinicHourExceptions,
  clinicHours,
  clinicLicences,
  clinicNetworks,
  clinicPhotos,
  clinics,
  equipment,
  promotions,
} from '../../schema/clinics';
import type { TableWriter } from '../bulk';
import { type ClinicInfo, inTransaction, type SeedContext, type TownInfo } from '../context';
import { address, phone } from '../generate/addresses';
import { clinicName, licenceNumber } from '../generate/clinics';
import {
  CLINIC_IMAGE_COUNT,
  clinicImageCaption,
  clinicImageUrl,
  DEMO_VIDEO_CAPTION,
  DEMO_VIDEO_URL,
  pickByHash,
} from '../generate/demo-images';
import { slugify } from '../generate/names';
import { apportion, type Rng, weightedIndex } from '../rng';
import { clinicRow, clinicWeekHours, hhmm, isAllDay, upcomingHolidays } from '../rows/clinic';
import { addDays, dateOnly } from '../rows/time';
import { CLINIC_ACCOUNT_VERSIONS } from '../rows/user';
import { type ClinicKind, clinicEquipment, clinicPromotions, licenceAuthority } from '../texts/clinic-texts';

const KINDS: ClinicKind[] = ['clinic', 'dentistry', 'diagnostics', 'lab', 'hospital', 'children'];
const KIND_WEIGHTS = [40, 25, 9, 8, 6, 12];
/** Every town opens with these, so that each speciality finds a fitting clinic. */
const FIRST_KINDS: ClinicKind[] = ['clinic', 'dentistry', 'children', 'diagnostics', 'hospital', 'lab'];
/** How many doctors a clinic of a kind attracts, relative to the others. */
const KIND_SIZE: Record<ClinicKind, number> = {
  clinic: 2.5,
  dentistry: 1.2,
  diagnostics: 0.8,
  lab: 0.15,
  hospital: 4,
  children: 2,
};
/** Share of clinics that are branches of a network (2–6 branches in one town). */
const NETWORK_SHARE = 0.15;

interface Unit {
  kind: ClinicKind;
  name: string;
  networkId: number | null;
}

/** Networks, clinics and everything hanging off a clinic: hours, holidays, licences, equipment, promotions. */
export async function seedClinics(ctx: SeedContext): Promise<void> {
  const rng = ctx.rng('clinics');
  // Its own stream, so the archive does not shift the rest of the clinic rows.
  const archiveRng = ctx.rng('promotion-archive');
  const perTown = apportion(
    ctx.plan.clinics,
    ctx.towns.map((t) => t.weight),
    ctx.plan.minClinicsPerTown,
  );
  const total = perTown.reduce((a, b) => a + b, 0);
  await inTransaction(ctx, async (session) => {
    const networks = session.writer(clinicNetworks);
    const parent = session.writer(clinics, [networks]);
    const w = {
      networks,
      clinics: parent,
      hours: session.writer(clinicHours, [parent]),
      exceptions: session.writer(clinicHourExceptions, [parent]),
      licences: session.writer(clinicLicences, [parent]),
      photos: session.writer(clinicPhotos, [parent]),
      equipment: session.writer(equipment, [parent]),
      promotions: session.writer(promotions, [parent]),
    };

    for (let ti = 0; ti < ctx.towns.length; ti++) {
      const town = ctx.towns[ti];
      const holidays = upcomingHolidays(town.today);
      for (const unit of planUnits(rng, perTown[ti], w.networks)) {
        const id = ctx.clinics.length + 1;
        const hours = clinicWeekHours(rng, unit.kind);
        // The size is drawn before the place, as always: another order would move every clinic.
        const size = KIND_SIZE[unit.kind] * (0.4 + rng.next() * 1.6) * (unit.networkId ? 1.5 : 1);
        const place = placeClinic(rng, town);
        const info: ClinicInfo = {
          id,
          townIndex: ti,
          networkId: unit.networkId,
          kind: unit.kind,
          districtId: place.districtId,
          clubEnabled: false,
          clubDiscountPercent: 0,
          size,
          hours,
          holidays: isAllDay(hours) ? new Set() : new Set(holidays),
          staff: [],
        };
        const row = clinicRow(rng, {
          ...place,
          id,
          kind: unit.kind,
          name: unit.name,
          slug: slugify(unit.name),
          networkId: unit.networkId,
          now: ctx.now,
        });
        if (id <= ctx.plan.clinicAccounts && id <= CLINIC_ACCOUNT_VERSIONS.length)
          row.softwareVersion = CLINIC_ACCOUNT_VERSIONS[id - 1];
        info.clubEnabled = row.clubEnabled;
        info.clubDiscountPercent = row.clubDiscountPercent;
        ctx.clinics.push(info);
        w.clinics.add(row);
        writeHours(rng, w, id, hours, holidays);
        writeExtras(rng, ctx, w, town, id, unit.kind);
        writePromotionArchive(archiveRng, ctx, w, id, unit.kind);
        if (id % 500 === 0) {
          ctx.progress('clinics', id, total);
          await session.ready();
        }
      }
    }
  });
  ctx.progress('clinics', total, total);
}

/** The town's clinics as units: independent clinics and runs of same-named network branches. */
function* planUnits(rng: Rng, count: number, networks: TableWriter<typeof clinicNetworks>): Generator<Unit> {
  let networked = Math.round(count * NETWORK_SHARE);
  let made = 0;
  while (made < count) {
    if (made < FIRST_KINDS.length) {
      const kind = FIRST_KINDS[made];
      made++;
      yield { kind, name: clinicName(rng, kind), networkId: null };
      continue;
    }
    const left = count - made;
    if (networked >= 2 && left >= 2 && rng.chance(0.5)) {
      const size = Math.min(rng.int(2, 6), networked, left);
      const kind = rng.pick<ClinicKind>(['clinic', 'clinic', 'dentistry', 'lab', 'diagnostics', 'children']);
      const name = clinicName(rng, kind);
      const networkId = networks.count + 1;
      networks.add({ id: networkId, name });
      for (let i = 0; i < size; i++) yield { kind, name, networkId };
      networked -= size;
      made += size;
      continue;
    }
    const kind = KINDS[weightedIndex(rng, KIND_WEIGHTS)];
    made++;
    yield { kind, name: clinicName(rng, kind), networkId: null };
  }
}

function placeClinic(rng: Rng, town: TownInfo) {
  const a = address(rng, town.data);
  const phones = [phone(rng, town.data)];
  if (rng.chance(0.35)) phones.push(phone(rng, town.data));
  return {
    townId: town.id,
    centre: { lat: town.lat, lon: town.lon, radiusKm: town.radiusKm },
    street: a.street,
    house: a.house,
    districtId: (a.district && town.districtIds.get(a.district)) || null,
    metroId: (a.metro && town.metroIds.get(a.metro)) || null,
    phones,
  };
}

type Writers = {
  hours: TableWriter<typeof clinicHours>;
  exceptions: TableWriter<typeof clinicHourExceptions>;
  licences: TableWriter<typeof clinicLicences>;
  photos: TableWriter<typeof clinicPhotos>;
  equipment: TableWriter<typeof equipment>;
  promotions: TableWriter<typeof promotions>;
};

function writeHours(
  rng: Rng,
  w: Writers,
  clinicId: number,
  hours: ClinicInfo['hours'],
  holidays: string[],
): void {
  hours.forEach((h, i) => {
    w.hours.add({ clinicId, weekday: i + 1, opens: h ? hhmm(h[0]) : null, closes: h ? hhmm(h[1]) : null });
  });
  if (isAllDay(hours)) return;
  // A clinic either closes on holidays or works short days; the New Year week is the longest break.
  const closes = rng.chance(0.5);
  for (const date of holidays) {
    const short = date.endsWith('12-31') ? rng.chance(0.7) : !closes && !date.endsWith('01-01');
    w.exceptions.add({
      id: w.exceptions.count + 1,
      clinicId,
      date,
      opens: short ? '10:00' : null,
      closes: short ? (date.endsWith('12-31') ? '15:00' : '16:00') : null,
    });
  }
}

function writeExtras(
  rng: Rng,
  ctx: SeedContext,
  w: Writers,
  town: TownInfo,
  clinicId: number,
  kind: ClinicKind,
): void {
  writePhotos(w, clinicId, clinicId <= ctx.plan.clinicAccounts);
  const licences = rng.chance(0.2) ? 2 : 1;
  for (let i = 0; i < licences; i++) {
    w.licences.add({
      id: w.licences.count + 1,
      clinicId,
      number: licenceNumber(rng, town.data),
      issuedAt: dateOnly(addDays(ctx.now, -rng.int(60, 365 * 9))),
      authority: licenceAuthority(rng, town.slug),
      imageUrl: null,
      removedAt: null,
    });
  }
  for (const [sort, e] of clinicEquipment(rng, kind).entries()) {
    w.equipment.add({
      id: w.equipment.count + 1,
      clinicId,
      name: e.name,
      imageUrl: null,
      attributes: e.attributes,
      description: e.description,
      sort,
      removedAt: null,
    });
  }
  for (const p of clinicPromotions(rng, kind)) {
    // About a third have ended: the clinic page keeps them in its archive.
    const ended = rng.chance(0.3);
    const starts = ended ? -rng.int(120, 400) : -rng.int(0, 60);
    const ends = ended ? -rng.int(1, 110) : rng.chance(0.2) ? null : rng.int(10, 90);
    w.promotions.add({
      id: w.promotions.count + 1,
      clinicId,
      title: p.title,
      body: p.body,
      startsOn: dateOnly(addDays(ctx.now, starts)),
      endsOn: ends === null ? null : dateOnly(addDays(ctx.now, ends)),
    });
  }
}

/** Share of clinics long on the site, whose promotions archive runs to several pages. */
const LONG_ARCHIVE_SHARE = 0.2;

/**
 * Campaigns a clinic ran in past years, one after another back from a few months ago; the
 * popular ones come back every season, so titles repeat with different dates.
 */
function writePromotionArchive(
  rng: Rng,
  ctx: SeedContext,
  w: Writers,
  clinicId: number,
  kind: ClinicKind,
): void {
  if (!rng.chance(LONG_ARCHIVE_SHARE)) return;
  const target = rng.int(11, 28);
  let ends = -rng.int(120, 200);
  for (let written = 0, tries = 0; written < target && tries < target * 4; tries++) {
    // A random campaign fitting the clinic (the draw may come back empty).
    const [p] = clinicPromotions(rng, kind);
    if (!p) continue;
    const length = rng.int(14, 60);
    w.promotions.add({
      id: w.promotions.count + 1,
      clinicId,
      title: p.title,
      body: p.body,
      startsOn: dateOnly(addDays(ctx.now, ends - length)),
      endsOn: dateOnly(addDays(ctx.now, ends)),
    });
    ends -= length + rng.int(5, 40);
    written++;
  }
}

/**
 * The gallery of two clinics in three: 3–5 drawn pictures (public/demo/clinics, 'Демо' on each,
 * captioned as drawings) picked by the clinic's id, so the `large` set adds rows, not files; one
 * in four of them also shows the demo's synthetic clip (public/demo/videos) after the pictures.
 * The demo clinic accounts start with an empty gallery: the cabinet's scenarios fill their own.
 */
function writePhotos(w: Writers, clinicId: number, account: boolean): void {
  if (account || pickByHash(clinicId, 3) === 0) return;
  const count = 3 + pickByHash(clinicId * 17 + 3, 3);
  const first = pickByHash(clinicId * 13 + 1, CLINIC_IMAGE_COUNT);
  for (let sort = 0; sort < count; sort++) {
    const n = (first + sort * 5) % CLINIC_IMAGE_COUNT;
    w.photos.add({
      id: w.photos.count + 1,
      clinicId,
      src: clinicImageUrl(n),
      name: clinicImageCaption(n),
      caption: clinicImageCaption(n),
      isVideo: false,
      sort,
      removedAt: null,
    });
  }
  if (pickByHash(clinicId * 7 + 5, 4) === 0)
    w.photos.add({
      id: w.photos.count + 1,
      clinicId,
      src: DEMO_VIDEO_URL,
      name: DEMO_VIDEO_CAPTION,
      caption: DEMO_VIDEO_CAPTION,
      isVideo: true,
      sort: count,
      removedAt: null,
    });
}
