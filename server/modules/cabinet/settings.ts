import type { ClinicSettings, ClinicSettingsBody } from '../../../core/cabinet/contracts';
import { SETTINGS_TEXTS } from '../../../core/cabinet/settings';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { forbidden, notFound } from '../../http/errors';
import type { SessionViewer } from '../auth/viewer';
import type { CabinetAccount, CabinetRepo } from './repo';
import { createClinicSettingsRepo } from './settings-repo';

/**
 * The clinic's reminders to its patients and its booking rules (docs/product/cabinet.md): only
 * a clinic account sets them, for its own clinic, with an audit entry.
 */
export function createClinicSettings({
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
  /** Who made a change: the signed-in account. */
  actor: (viewer: SessionViewer) => number;
}) {
  const settingsRepo = createClinicSettingsRepo(db);

  /** The clinic account's own clinic: reminders and booking rules are the clinic's to set. */
  function clinicOf(viewer: SessionViewer): number {
    const account = owner(viewer);
    if (!('clinicId' in account)) throw forbidden(SETTINGS_TEXTS.clinicOnly);
    return account.clinicId;
  }

  return {
    /** The clinic's reminders to its patients and its booking rules. */
    async settings(viewer: SessionViewer): Promise<ClinicSettings> {
      const row = await settingsRepo.settings(clinicOf(viewer));
      if (!row) throw notFound();
      return row;
    },

    /**
     * Changes them, with an audit entry. The reminders already queued follow (read when due); the
     * rules apply to the next slot call and booking, and never touch a visit already booked.
     */
    async setSettings(viewer: SessionViewer, change: ClinicSettingsBody): Promise<ClinicSettings> {
      const clinicId = clinicOf(viewer);
      return db.transaction(async (tx) => {
        const before = await settingsRepo.lockSettings(tx, clinicId);
        if (!before) throw notFound();
        const body: ClinicSettings = {
          ...change,
          booking_horizon_days: change.booking_horizon_days ?? before.booking_horizon_days,
        };
        await settingsRepo.setSettings(tx, clinicId, body);
        await repo.audit(tx, {
          userId: actor(viewer),
          action: 'settings.changed',
          targetType: 'clinics',
          targetId: clinicId,
          before,
          after: body,
          at: clock.now(),
        });
        return body;
      });
    },
  };
}
