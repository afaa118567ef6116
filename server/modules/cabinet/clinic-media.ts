import type {
  CabinetEquipment,
  CabinetLicence,
  ClinicMedia,
  GalleryVideo,
} from '../../../core/cabinet/clinic-page-contracts';
import { pageTags } from '../../../core/cache/page-tags';
import {
  clinicMediaUrl,
  hashOfClinicMediaUrl,
  CLINIC_MEDIA_LIMITS as L,
  licenceDateError,
  moveTarget,
  CLINIC_MEDIA_TEXTS as T,
} from '../../../core/clinic/media';
import { parseVideoUrl, videoOfEmbed } from '../../../core/clinic/video';
import { zonedDay } from '../../../core/dates/zoned';
import type { PageCache } from '../../cache/page-cache';
import type { Clock } from '../../clock';
import type { Db, DbTx } from '../../db/client';
import { badRequest, conflict, notFound } from '../../http/errors';
import { reencodeImage } from '../../media/image';
import type { SessionViewer } from '../auth/viewer';
import {
  createClinicMediaRepo,
  type EquipmentRow,
  type GalleryRow,
  type LicenceRow,
} from './clinic-media-repo';
import type { ClinicMediaStore } from './clinic-media-store';
import { createClinicPageRepo } from './clinic-page-repo';
import { createUploadQuota } from './upload-quota';

type Direction = 'up' | 'down';
type LicenceInput = { number: string; issuedAt: string; authority: string; image: string | null };
type EquipmentInput = {
  name: string;
  description: string;
  attributes: { name: string; value: string }[];
  image: string | null;
};

/** What a refused image tells the form, under its field. */
const imageRefusal = (field: string, detail: string) => badRequest(detail, { errors: { [field]: detail } });

const licenceOf = (l: LicenceRow): CabinetLicence => ({
  id: l.id,
  number: l.number,
  issuedAt: l.issuedAt,
  authority: l.authority,
  image: l.imageUrl,
});
const equipmentOf = (e: EquipmentRow): CabinetEquipment => ({
  id: e.id,
  name: e.name,
  description: e.description,
  attributes: e.attributes,
  image: e.imageUrl,
});

/**
 * The clinic page's media as its account edits them (docs/product/cabinet.md, 'Photos, videos,
 * licences and equipment'): gallery photos (uploaded, re-encoded, public at once), video links of
 * VK Video or RuTube, licences and equipment. Like the other sections: a clinic account only, its
 * own clinic from the session; every write locks the clinic row (two adds at once run one after
 * the other, so the limits, the duplicate checks and the order hold), is audited, and drops the
 * cached pages showing the clinic. Removing marks a row removed; nothing is deleted.
 */
export function createClinicMedia({
  db,
  clock,
  pageCache,
  store,
  clinicOf,
}: {
  db: Db;
  clock: Clock;
  pageCache: PageCache;
  store: ClinicMediaStore;
  clinicOf: (viewer: SessionViewer) => { clinicId: number; userId: number };
}) {
  const pageRepo = createClinicPageRepo(db);
  const repo = createClinicMediaRepo();
  const quota = createUploadQuota({ db, clock });

  async function mediaOf(q: Db | DbTx, clinicId: number, today: string): Promise<ClinicMedia> {
    const [gallery, licences, equipment] = await Promise.all([
      repo.gallery(q, clinicId),
      repo.licences(q, clinicId),
      repo.equipment(q, clinicId),
    ]);
    const videos: GalleryVideo[] = [];
    for (const g of gallery) {
      const video = g.isVideo ? videoOfEmbed(g.src) : null;
      if (video) {
        const { host, embedUrl, watchUrl } = video;
        videos.push({ id: g.id, host, embedUrl, watchUrl, caption: g.caption ?? '' });
      }
    }
    return {
      today,
      photos: gallery
        .filter((g) => !g.isVideo)
        .map((g) => ({ id: g.id, src: g.src, caption: g.caption ?? '' })),
      videos,
      licences: licences.map(licenceOf),
      equipment: equipment.map(equipmentOf),
    };
  }

  type Ctx = { clinicId: number; userId: number; today: string };

  /** Runs a write on the locked clinic row, audits it, drops the cached pages; answers the media. */
  async function save(
    viewer: SessionViewer,
    fn: (
      tx: DbTx,
      ctx: Ctx,
    ) => Promise<{ action: string; table: string; id: number; before: unknown; after: unknown } | null>,
  ): Promise<ClinicMedia> {
    const { clinicId, userId } = clinicOf(viewer);
    const { media, townId } = await pageRepo.transaction(async (tx) => {
      const clinic = await pageRepo.lockClinic(tx, clinicId);
      if (!clinic) throw notFound();
      const ctx = { clinicId, userId, today: zonedDay(clock.now(), clinic.tz).date };
      const change = await fn(tx, ctx);
      if (change) {
        await pageRepo.audit(tx, {
          userId,
          action: change.action,
          targetType: change.table,
          targetId: change.id,
          before: change.before,
          after: change.after,
          at: clock.now(),
        });
      }
      return { media: await mediaOf(tx, clinicId, ctx.today), townId: clinic.townId };
    });
    pageCache.invalidate([pageTags.clinic(clinicId), pageTags.townLists(townId)]);
    return media;
  }

  /**
   * Re-encodes an upload into the store, within the account's daily upload quota; answers its
   * public address.
   */
  async function keepImage(viewer: SessionViewer, data: Buffer | null, field: string): Promise<string> {
    const { userId } = clinicOf(viewer);
    if (!data || data.length === 0) throw imageRefusal(field, T.imageMissing);
    const encoded = await reencodeImage(data, {
      width: L.imageWidth,
      height: L.imageHeight,
      minSide: L.imageMinSide,
      refuse: (problem) => imageRefusal(field, problem === 'small' ? T.imageSmall : T.imageType),
    });
    await quota.charge(userId, encoded.length, 'clinic.image', field);
    return clinicMediaUrl(await store.save(encoded));
  }

  /** An image a form names must be one the upload call kept. */
  async function checkImage(src: string | null) {
    const hash = src === null ? null : hashOfClinicMediaUrl(src);
    if (src !== null && (hash === null || !(await store.has(hash)))) throw imageRefusal('image', T.imageGone);
  }

  async function galleryItemOf(tx: DbTx, clinicId: number, id: number): Promise<GalleryRow> {
    const item = await repo.galleryItem(tx, clinicId, id);
    if (!item) throw notFound(T.itemNotFound);
    return item;
  }

  const kind = (item: { isVideo: boolean }) => (item.isVideo ? 'video' : 'photo');

  return {
    /** Refuses anyone but a clinic account, before its upload is read. */
    requireClinic(viewer: SessionViewer) {
      clinicOf(viewer);
    },

    async media(viewer: SessionViewer): Promise<ClinicMedia> {
      const { clinicId } = clinicOf(viewer);
      const clinic = await pageRepo.clinic(clinicId);
      if (!clinic) throw notFound();
      return mediaOf(db, clinicId, zonedDay(clock.now(), clinic.tz).date);
    },

    /** A licence's scan or a piece of equipment's picture, kept until a form names it. */
    async uploadImage(viewer: SessionViewer, data: Buffer | null): Promise<{ src: string }> {
      return { src: await keepImage(viewer, data, 'image') };
    },

    async addPhoto(viewer: SessionViewer, data: Buffer | null, caption: string): Promise<ClinicMedia> {
      const src = await keepImage(viewer, data, 'photo');
      return save(viewer, async (tx, ctx) => {
        if (await repo.gallerySrcTaken(tx, ctx.clinicId, src)) throw conflict('duplicate', T.photoDuplicate);
        if ((await repo.countGallery(tx, ctx.clinicId, false)) >= L.photosMax)
          throw badRequest(T.photosTooMany);
        const id = await repo.addGallery(tx, ctx.clinicId, { src, caption, isVideo: false });
        return {
          action: 'clinic.photo.added',
          table: 'clinic_photos',
          id,
          before: null,
          after: { src, caption },
        };
      });
    },

    addVideo: (viewer: SessionViewer, body: { url: string; caption: string }): Promise<ClinicMedia> =>
      save(viewer, async (tx, ctx) => {
        const video = parseVideoUrl(body.url);
        // The contract has checked the link already; this keeps the type honest.
        if (!video) throw badRequest(T.bodyInvalid);
        if (await repo.gallerySrcTaken(tx, ctx.clinicId, video.embedUrl))
          throw conflict('duplicate', T.videoDuplicate);
        if ((await repo.countGallery(tx, ctx.clinicId, true)) >= L.videosMax)
          throw badRequest(T.videosTooMany);
        const id = await repo.addGallery(tx, ctx.clinicId, {
          src: video.embedUrl,
          caption: body.caption,
          isVideo: true,
        });
        const after = { src: video.embedUrl, url: body.url, caption: body.caption };
        return { action: 'clinic.video.added', table: 'clinic_photos', id, before: null, after };
      }),

    setCaption: (viewer: SessionViewer, id: number, caption: string): Promise<ClinicMedia> =>
      save(viewer, async (tx, ctx) => {
        const item = await galleryItemOf(tx, ctx.clinicId, id);
        if ((item.caption ?? '') === caption) return null;
        await repo.setCaption(tx, id, caption);
        const action = `clinic.${kind(item)}.caption`;
        return { action, table: 'clinic_photos', id, before: { caption: item.caption }, after: { caption } };
      }),

    /** A photo moves among the photos, a video among the videos. */
    moveGalleryItem: (viewer: SessionViewer, id: number, direction: Direction): Promise<ClinicMedia> =>
      save(viewer, async (tx, ctx) => {
        const item = await galleryItemOf(tx, ctx.clinicId, id);
        const gallery = await repo.gallery(tx, ctx.clinicId);
        const same = gallery.filter((g) => g.isVideo === item.isVideo);
        const from = same.findIndex((g) => g.id === id);
        const to = moveTarget(same.length, from, direction);
        if (to === null) return null;
        [same[from], same[to]] = [same[to], same[from]];
        // The whole gallery is numbered again: photos and videos keep their places among themselves.
        let next = 0;
        const order = gallery.map((g) => (g.isVideo === item.isVideo ? same[next++] : g));
        await repo.resortGallery(
          tx,
          order.map((g) => g.id),
        );
        return {
          action: `clinic.${kind(item)}.moved`,
          table: 'clinic_photos',
          id,
          before: { position: from + 1 },
          after: { position: to + 1 },
        };
      }),

    removeGalleryItem: (viewer: SessionViewer, id: number): Promise<ClinicMedia> =>
      save(viewer, async (tx, ctx) => {
        const item = await galleryItemOf(tx, ctx.clinicId, id);
        await repo.removeGallery(tx, id, clock.now());
        const before = { src: item.src, caption: item.caption };
        return { action: `clinic.${kind(item)}.removed`, table: 'clinic_photos', id, before, after: null };
      }),

    async addLicence(viewer: SessionViewer, l: LicenceInput): Promise<ClinicMedia> {
      clinicOf(viewer);
      await checkImage(l.image);
      return save(viewer, async (tx, ctx) => {
        const refusal = licenceDateError(l.issuedAt, ctx.today);
        if (refusal) throw badRequest(refusal, { errors: { issuedAt: refusal } });
        if (await repo.licenceNumberTaken(tx, ctx.clinicId, l.number, null))
          throw conflict('duplicate', T.licenceDuplicate, { errors: { number: T.licenceDuplicate } });
        if ((await repo.countLicences(tx, ctx.clinicId)) >= L.licencesMax)
          throw badRequest(T.licencesTooMany);
        const { image, ...fields } = l;
        const id = await repo.addLicence(tx, ctx.clinicId, { ...fields, imageUrl: image });
        return { action: 'clinic.licence.added', table: 'clinic_licences', id, before: null, after: l };
      });
    },

    async setLicence(viewer: SessionViewer, id: number, l: LicenceInput): Promise<ClinicMedia> {
      clinicOf(viewer);
      await checkImage(l.image);
      return save(viewer, async (tx, ctx) => {
        const before = await repo.licence(tx, ctx.clinicId, id);
        if (!before) throw notFound(T.licenceNotFound);
        const refusal = licenceDateError(l.issuedAt, ctx.today);
        if (refusal) throw badRequest(refusal, { errors: { issuedAt: refusal } });
        if (await repo.licenceNumberTaken(tx, ctx.clinicId, l.number, id))
          throw conflict('duplicate', T.licenceDuplicate, { errors: { number: T.licenceDuplicate } });
        const { image, ...fields } = l;
        await repo.setLicence(tx, id, { ...fields, imageUrl: image });
        const { id: _, ...was } = licenceOf(before);
        return { action: 'clinic.licence.changed', table: 'clinic_licences', id, before: was, after: l };
      });
    },

    removeLicence: (viewer: SessionViewer, id: number): Promise<ClinicMedia> =>
      save(viewer, async (tx, ctx) => {
        const before = await repo.licence(tx, ctx.clinicId, id);
        if (!before) throw notFound(T.licenceNotFound);
        await repo.removeLicence(tx, id, clock.now());
        const { id: _, ...was } = licenceOf(before);
        return { action: 'clinic.licence.removed', table: 'clinic_licences', id, before: was, after: null };
      }),

    async addEquipment(viewer: SessionViewer, e: EquipmentInput): Promise<ClinicMedia> {
      clinicOf(viewer);
      await checkImage(e.image);
      return save(viewer, async (tx, ctx) => {
        if (await repo.equipmentNameTaken(tx, ctx.clinicId, e.name, null))
          throw conflict('duplicate', T.equipmentDuplicate, { errors: { name: T.equipmentDuplicate } });
        if ((await repo.countEquipment(tx, ctx.clinicId)) >= L.equipmentMax)
          throw badRequest(T.equipmentTooMany);
        const { image, ...fields } = e;
        const id = await repo.addEquipment(tx, ctx.clinicId, { ...fields, imageUrl: image });
        return { action: 'clinic.equipment.added', table: 'equipment', id, before: null, after: e };
      });
    },

    async setEquipment(viewer: SessionViewer, id: number, e: EquipmentInput): Promise<ClinicMedia> {
      clinicOf(viewer);
      await checkImage(e.image);
      return save(viewer, async (tx, ctx) => {
        const before = await repo.equipmentItem(tx, ctx.clinicId, id);
        if (!before) throw notFound(T.equipmentNotFound);
        if (await repo.equipmentNameTaken(tx, ctx.clinicId, e.name, id))
          throw conflict('duplicate', T.equipmentDuplicate, { errors: { name: T.equipmentDuplicate } });
        const { image, ...fields } = e;
        await repo.setEquipment(tx, id, { ...fields, imageUrl: image });
        const { id: _, ...was } = equipmentOf(before);
        return { action: 'clinic.equipment.changed', table: 'equipment', id, before: was, after: e };
      });
    },

    moveEquipment: (viewer: SessionViewer, id: number, direction: Direction): Promise<ClinicMedia> =>
      save(viewer, async (tx, ctx) => {
        if (!(await repo.equipmentItem(tx, ctx.clinicId, id))) throw notFound(T.equipmentNotFound);
        const list = await repo.equipment(tx, ctx.clinicId);
        const from = list.findIndex((e) => e.id === id);
        const to = moveTarget(list.length, from, direction);
        if (to === null) return null;
        [list[from], list[to]] = [list[to], list[from]];
        await repo.resortEquipment(
          tx,
          list.map((e) => e.id),
        );
        const change = { before: { position: from + 1 }, after: { position: to + 1 } };
        return { action: 'clinic.equipment.moved', table: 'equipment', id, ...change };
      }),

    removeEquipment: (viewer: SessionViewer, id: number): Promise<ClinicMedia> =>
      save(viewer, async (tx, ctx) => {
        const before = await repo.equipmentItem(tx, ctx.clinicId, id);
        if (!before) throw notFound(T.equipmentNotFound);
        await repo.removeEquipment(tx, id, clock.now());
        const { id: _, ...was } = equipmentOf(before);
        return { action: 'clinic.equipment.removed', table: 'equipment', id, before: was, after: null };
      }),

    /** A public image's bytes (`/media/clinics/{hash}.webp`), or null. */
    publicImage: (hash: string) => store.read(hash),
  };
}
