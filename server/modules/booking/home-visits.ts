import {
  type HomeAddressBody,
  type HomeVisitSetup,
  type VisitAddress,
  visitAddressOf,
} from '../../../core/booking/home-address';
import { HOME_TEXTS, type KeptHomeAddress, servesAddress } from '../../../core/booking/home-visit';
import type { Db } from '../../db/client';
import { badRequest, DomainError } from '../../http/errors';
import type { MapsProvider } from '../../providers/maps/maps-provider';
import { ProviderError } from '../../providers/provider-error';
import type { SessionViewer } from '../auth/viewer';
import { createHomeVisitsRepo } from './home-visits-repo';

/** An address placed and let in: what the booking keeps on the visit. */
export interface HomePlacement {
  address: KeptHomeAddress;
  windowMinutes: number | null;
}

/** How far around the clinic the geocoder looks for a house: the town and its outskirts. */
const SEARCH_RADIUS_M = 60_000;

/**
 * Home visits (docs/product/visits.md, ADR 042): the patient's address is placed (its district
 * from the town's list, its point from the maps provider when it knows that very house) and
 * checked against the clinic's service area before the time is taken.
 */
export function createHomeVisits({ db, maps }: { db: Db; maps: MapsProvider }) {
  const repo = createHomeVisitsRepo(db);

  /** The refusal of an address outside the area, at the form's address field too. */
  const outside = () =>
    new DomainError('outside_area', HOME_TEXTS.outside, 400, {
      errors: { home_address: HOME_TEXTS.outside },
    });

  return {
    async placeHomeAddress(clinicId: number, body: HomeAddressBody): Promise<HomePlacement> {
      const area = await repo.clinicHomeArea(clinicId);
      // No such clinic: the booking itself says so next (its own refusal).
      if (!area) throw badRequest(HOME_TEXTS.address);
      const districts = await repo.townDistricts(area.townId);
      let district: { id: number; name: string } | null = null;
      if (body.district_id !== null) {
        district = districts.find((d) => d.id === body.district_id) ?? null;
        // A district of another town is a forged body, not a patient's slip.
        if (!district)
          throw badRequest(HOME_TEXTS.district, { errors: { home_address: HOME_TEXTS.district } });
      } else if (districts.length > 0) {
        throw badRequest(HOME_TEXTS.district, { errors: { home_address: HOME_TEXTS.district } });
      }
      const served = { radiusKm: area.radiusKm, districtIds: area.districtIds };
      const clinic = { lat: area.lat, lon: area.lon };
      // A listed district lets the address in without asking the geocoder.
      let point: { lat: number; lon: number } | null = null;
      const listed = district !== null && served.districtIds.includes(district.id);
      if (served.radiusKm !== null && !listed) {
        try {
          point = await maps.locateHouse(
            { town: area.townName, street: body.street, house: body.house },
            { near: clinic, radiusM: SEARCH_RADIUS_M },
          );
        } catch (err) {
          // The geocoder down is no reason to lose a booking: the house is then one of unknown place.
          if (!(err instanceof ProviderError)) throw err;
        }
      }
      if (!servesAddress(served, { districtId: district?.id ?? null, point }, clinic)) throw outside();
      return {
        address: {
          street: body.street,
          house: body.house,
          flat: body.flat,
          entrance: body.entrance,
          floor: body.floor,
          intercom: body.intercom,
          note: body.note,
          districtId: district?.id ?? null,
          districtName: district?.name ?? null,
          lat: point?.lat ?? null,
          lon: point?.lon ?? null,
        },
        windowMinutes: area.windowMinutes,
      };
    },

    keepHomeAddress: repo.keepHomeAddress,

    /** A visit's address as its patient and the clinic's staff see it; null for other visits. */
    async visitHome(
      appointmentId: number,
    ): Promise<{ address: VisitAddress; windowMinutes: number | null } | null> {
      const place = await repo.homePlace(appointmentId);
      return place ? { address: visitAddressOf(place.address), windowMinutes: place.windowMinutes } : null;
    },

    /** What the booking form of a home visit at the clinic needs: districts, area, window, last address. */
    async homeVisitSetup(viewer: SessionViewer, clinicId: number): Promise<HomeVisitSetup | null> {
      const area = await repo.clinicHomeArea(clinicId);
      if (!area) return null;
      const last = viewer.userId !== null ? await repo.lastHomeAddress(viewer.userId, area.townId) : null;
      return {
        districts: await repo.townDistricts(area.townId),
        servedDistrictIds: area.districtIds,
        hasRadius: area.radiusKm !== null,
        windowMinutes: area.windowMinutes,
        lastAddress: last && {
          street: last.street,
          house: last.house,
          flat: last.flat,
          entrance: last.entrance,
          floor: last.floor,
          intercom: last.intercom,
          note: last.note,
          district_id: last.districtId,
        },
      };
    },
  };
}

export type HomeVisits = ReturnType<typeof createHomeVisits>;
