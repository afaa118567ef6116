import {
  HOME_SETTINGS_TEXTS,
  type HomeVisitSettings,
  type HomeVisitSettingsBody,
} from '../../../core/cabinet/home-visits';
import { SETTINGS_TEXTS } from '../../../core/cabinet/settings';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { badRequest, forbidden, notFound } from '../../http/errors';
import type { SessionViewer } from '../auth/viewer';
import { districtsOf, readHomeSettings, writeHomeSettings } from './home-visits-repo';
import type { CabinetAccount, CabinetRepo } from './repo';

/**
 * The clinic's home-visit settings (docs/product/visits.md): its administrator sets the area its
 * doctors go to and the arrival window, for its own clinic, with an audit entry. A booking made
 * before a change keeps the window it was booked with.
 */
export function createHomeVisitSettings({
  db,
  clock,
  repo,
  owner,
  actor,
}: {
  db: Db;
  clock: Clock;
  repo: Pick<CabinetRepo, 'audit'>;
  owner: (viewer: SessionViewer) => CabinetAccount;
  actor: (viewer: SessionViewer) => number;
}) {
  function clinicOf(viewer: SessionViewer): number {
    const account = owner(viewer);
    if (!('clinicId' in account)) throw forbidden(SETTINGS_TEXTS.clinicOnly);
    return account.clinicId;
  }

  return {
    async homeVisitSettings(viewer: SessionViewer): Promise<HomeVisitSettings> {
      const row = await readHomeSettings(db, clinicOf(viewer), false);
      if (!row) throw notFound();
      const { town_id, ...settings } = row;
      return {
        ...settings,
        district_ids: settings.district_ids ?? [],
        districts: await districtsOf(db, town_id),
      };
    },

    async setHomeVisitSettings(
      viewer: SessionViewer,
      body: HomeVisitSettingsBody,
    ): Promise<HomeVisitSettings> {
      const clinicId = clinicOf(viewer);
      return db.transaction(async (tx) => {
        const before = await readHomeSettings(tx, clinicId, true);
        if (!before) throw notFound();
        const districts = await districtsOf(tx, before.town_id);
        const known = new Set(districts.map((d) => d.id));
        // Only the town's own districts; a repeated id is kept once, in the list's order.
        if (body.district_ids.some((id) => !known.has(id)))
          throw badRequest(HOME_SETTINGS_TEXTS.districtWrong, {
            errors: { district_ids: HOME_SETTINGS_TEXTS.districtWrong },
          });
        const chosen = districts.map((d) => d.id).filter((id) => body.district_ids.includes(id));
        const after = {
          radius_km: body.radius_km,
          district_ids: chosen,
          window_minutes: body.window_minutes,
        };
        await writeHomeSettings(tx, clinicId, after);
        const { town_id: _town, ...was } = before;
        await repo.audit(tx, {
          userId: actor(viewer),
          action: 'home_visits.changed',
          targetType: 'clinics',
          targetId: clinicId,
          before: was,
          after,
          at: clock.now(),
        });
        return { ...after, districts };
      });
    },
  };
}
