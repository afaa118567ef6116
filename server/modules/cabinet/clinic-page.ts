import type { ClinicAccessibility } from '../../../core/cabinet/clinic-page-contracts';
import type {} from '../../../core/cabinet/contracts';
import { pageTags } from '../../../core/cache/page-tags';
import { ACCESSIBILITY_TEXTS, orderedFeatures } from '../../../core/clinic/accessibility';
import type { PageCache } from '../../cache/page-cache';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { forbidden, unauthorized } from '../../http/errors';
import type { SessionViewer } from '../auth/viewer';
import { createClinicMedia } from './clinic-media';
import type { ClinicMediaStore } from './clinic-media-store';
import { createClinicPageSections } from './clinic-page-sections';
import { createCabinetRepo } from './repo';
import { createClinicSettingsRepo } from './settings-repo';

export type ClinicPageEditor = ReturnType<typeof createClinicPageEditor>;

/**
 * The clinic's own page, as its account edits it in the cabinet (docs/product/cabinet.md, 'The
 * clinic page'): what it tells of its accessibility here, and (clinic-page-sections.ts) its
 * description and phones, hours and holiday hours, promotions, and (clinic-media.ts) its gallery,
 * licences and equipment. Only a clinic account, only its own
 * clinic (from the session); each change is audited, and the cached pages showing the clinic
 * (its page, its town's lists) are dropped at once.
 */
export function createClinicPageEditor({
  db,
  clock,
  pageCache,
  media,
}: {
  db: Db;
  clock: Clock;
  pageCache: PageCache;
  /** Where the clinics' uploaded images are kept (DATA_DIR/clinic-media). */
  media: ClinicMediaStore;
}) {
  const settings = createClinicSettingsRepo(db);
  const { audit } = createCabinetRepo(db);

  function clinicOf(viewer: SessionViewer): { clinicId: number; userId: number } {
    if (viewer.userId === null) throw unauthorized(ACCESSIBILITY_TEXTS.signIn);
    if (viewer.role !== 'clinic' || viewer.clinicId === null) throw forbidden(ACCESSIBILITY_TEXTS.clinicOnly);
    return { clinicId: viewer.clinicId, userId: viewer.userId };
  }

  return {
    ...createClinicPageSections({ db, clock, pageCache, clinicOf }),
    ...createClinicMedia({ db, clock, pageCache, store: media, clinicOf }),

    async accessibility(viewer: SessionViewer): Promise<ClinicAccessibility> {
      const { clinicId } = clinicOf(viewer);
      return { features: orderedFeatures((await settings.accessibility(clinicId)) ?? []) };
    },

    async setAccessibility(viewer: SessionViewer, body: ClinicAccessibility): Promise<ClinicAccessibility> {
      const { clinicId, userId } = clinicOf(viewer);
      const features = orderedFeatures(body.features);
      const townId = await db.transaction(async (tx) => {
        const before = await settings.lockAccessibility(tx, clinicId);
        await settings.setAccessibility(tx, clinicId, features);
        await audit(tx, {
          userId,
          action: 'clinic.accessibility',
          targetType: 'clinics',
          targetId: clinicId,
          before: { accessibility: before.features },
          after: { accessibility: features },
          at: clock.now(),
        });
        return before.townId;
      });
      pageCache.invalidate([pageTags.clinic(clinicId), pageTags.townLists(townId)]);
      return { features };
    },
  };
}
