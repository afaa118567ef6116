import { and, asc, count, desc, eq, isNull, max, sql } from 'drizzle-orm';
import type { Db, DbTx } from '../../db/client';
import { clinicLicences, clinicPhotos, equipment } from '../../db/schema/clinics';

export type ClinicMediaRepo = ReturnType<typeof createClinicMediaRepo>;

export type GalleryRow = { id: number; src: string; caption: string | null; isVideo: boolean; sort: number };
export type LicenceRow = {
  id: number;
  number: string;
  issuedAt: string;
  authority: string;
  imageUrl: string | null;
};
export type EquipmentRow = {
  id: number;
  name: string;
  description: string;
  attributes: { name: string; value: string }[];
  imageUrl: string | null;
  sort: number;
};
type LicenceInput = Omit<LicenceRow, 'id'>;
type EquipmentInput = Omit<EquipmentRow, 'id' | 'sort'>;

const galleryColumns = {
  id: clinicPhotos.id,
  src: clinicPhotos.src,
  caption: clinicPhotos.caption,
  isVideo: clinicPhotos.isVideo,
  sort: clinicPhotos.sort,
};
const licenceColumns = {
  id: clinicLicences.id,
  number: clinicLicences.number,
  issuedAt: clinicLicences.issuedAt,
  authority: clinicLicences.authority,
  imageUrl: clinicLicences.imageUrl,
};
const equipmentColumns = {
  id: equipment.id,
  name: equipment.name,
  description: equipment.description,
  attributes: equipment.attributes,
  imageUrl: equipment.imageUrl,
  sort: equipment.sort,
};

const liveGallery = (clinicId: number) =>
  and(eq(clinicPhotos.clinicId, clinicId), isNull(clinicPhotos.removedAt));
const liveLicences = (clinicId: number) =>
  and(eq(clinicLicences.clinicId, clinicId), isNull(clinicLicences.removedAt));
const liveEquipment = (clinicId: number) =>
  and(eq(equipment.clinicId, clinicId), isNull(equipment.removedAt));

/**
 * The SQL of the clinic page's media in the cabinet: the gallery (clinic_photos, photos and videos),
 * licences and equipment. Removing sets `removed_at` (rows are never deleted); every read here and
 * on the public page skips removed rows. Writes run on the clinic row locked by the caller.
 */
export function createClinicMediaRepo() {
  return {
    /**
     * Which of these image addresses a row names: a gallery photo, a licence's scan, a piece of
     * equipment's picture (removed rows too: their addresses were public) or a clinic's photo.
     */
    async namedImages(q: Db | DbTx, srcs: string[]): Promise<Set<string>> {
      if (srcs.length === 0) return new Set();
      const list = `{${srcs.join(',')}}`;
      const { rows } = await q.execute<{ src: string }>(sql`
        SELECT src FROM ${clinicPhotos} WHERE src = ANY(${list}::text[])
        UNION SELECT image_url FROM ${clinicLicences} WHERE image_url = ANY(${list}::text[])
        UNION SELECT image_url FROM ${equipment} WHERE image_url = ANY(${list}::text[])
        UNION SELECT photo_url FROM clinics WHERE photo_url = ANY(${list}::text[])`);
      return new Set(rows.map((r) => r.src));
    },

    gallery: (q: Db | DbTx, clinicId: number): Promise<GalleryRow[]> =>
      q
        .select(galleryColumns)
        .from(clinicPhotos)
        .where(liveGallery(clinicId))
        .orderBy(asc(clinicPhotos.sort), asc(clinicPhotos.id)),

    licences: (q: Db | DbTx, clinicId: number): Promise<LicenceRow[]> =>
      q
        .select(licenceColumns)
        .from(clinicLicences)
        .where(liveLicences(clinicId))
        .orderBy(desc(clinicLicences.issuedAt), asc(clinicLicences.id)),

    equipment: (q: Db | DbTx, clinicId: number): Promise<EquipmentRow[]> =>
      q
        .select(equipmentColumns)
        .from(equipment)
        .where(liveEquipment(clinicId))
        .orderBy(asc(equipment.sort), asc(equipment.id)),

    async countGallery(tx: DbTx, clinicId: number, isVideo: boolean): Promise<number> {
      const [{ n }] = await tx
        .select({ n: count() })
        .from(clinicPhotos)
        .where(and(liveGallery(clinicId), eq(clinicPhotos.isVideo, isVideo)));
      return n;
    },

    async gallerySrcTaken(tx: DbTx, clinicId: number, src: string): Promise<boolean> {
      const [row] = await tx
        .select({ id: clinicPhotos.id })
        .from(clinicPhotos)
        .where(and(liveGallery(clinicId), eq(clinicPhotos.src, src)))
        .limit(1);
      return row !== undefined;
    },

    /** Adds a photo or a video after the last one of the gallery. */
    async addGallery(
      tx: DbTx,
      clinicId: number,
      item: { src: string; caption: string; isVideo: boolean },
    ): Promise<number> {
      const [{ last }] = await tx
        .select({ last: max(clinicPhotos.sort) })
        .from(clinicPhotos)
        .where(liveGallery(clinicId));
      const [row] = await tx
        .insert(clinicPhotos)
        .values({
          clinicId,
          src: item.src,
          caption: item.caption || null,
          isVideo: item.isVideo,
          sort: (last ?? -1) + 1,
        })
        .returning({ id: clinicPhotos.id });
      return row.id;
    },

    async galleryItem(tx: DbTx, clinicId: number, id: number): Promise<GalleryRow | null> {
      const [row] = await tx
        .select(galleryColumns)
        .from(clinicPhotos)
        .where(and(liveGallery(clinicId), eq(clinicPhotos.id, id)));
      return row ?? null;
    },

    async setCaption(tx: DbTx, id: number, caption: string) {
      await tx
        .update(clinicPhotos)
        .set({ caption: caption || null })
        .where(eq(clinicPhotos.id, id));
    },

    /** Gives the listed items the sorts 0, 1, 2… in that order. */
    async resortGallery(tx: DbTx, ids: number[]) {
      for (const [sort, id] of ids.entries()) {
        await tx.update(clinicPhotos).set({ sort }).where(eq(clinicPhotos.id, id));
      }
    },

    async removeGallery(tx: DbTx, id: number, at: Date) {
      await tx.update(clinicPhotos).set({ removedAt: at }).where(eq(clinicPhotos.id, id));
    },

    async countLicences(tx: DbTx, clinicId: number): Promise<number> {
      const [{ n }] = await tx.select({ n: count() }).from(clinicLicences).where(liveLicences(clinicId));
      return n;
    },

    /** A live licence of the clinic with this number (spaces and case aside), other than `exceptId`. */
    async licenceNumberTaken(tx: DbTx, clinicId: number, number: string, exceptId: number | null) {
      const [row] = await tx
        .select({ id: clinicLicences.id })
        .from(clinicLicences)
        .where(
          and(
            liveLicences(clinicId),
            sql`lower(${clinicLicences.number}) = lower(${number})`,
            exceptId === null ? undefined : sql`${clinicLicences.id} <> ${exceptId}`,
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    async licence(tx: DbTx, clinicId: number, id: number): Promise<LicenceRow | null> {
      const [row] = await tx
        .select(licenceColumns)
        .from(clinicLicences)
        .where(and(liveLicences(clinicId), eq(clinicLicences.id, id)));
      return row ?? null;
    },

    async addLicence(tx: DbTx, clinicId: number, l: LicenceInput): Promise<number> {
      const [row] = await tx
        .insert(clinicLicences)
        .values({ clinicId, ...l })
        .returning({ id: clinicLicences.id });
      return row.id;
    },

    async setLicence(tx: DbTx, id: number, l: LicenceInput) {
      await tx.update(clinicLicences).set(l).where(eq(clinicLicences.id, id));
    },

    async removeLicence(tx: DbTx, id: number, at: Date) {
      await tx.update(clinicLicences).set({ removedAt: at }).where(eq(clinicLicences.id, id));
    },

    async countEquipment(tx: DbTx, clinicId: number): Promise<number> {
      const [{ n }] = await tx.select({ n: count() }).from(equipment).where(liveEquipment(clinicId));
      return n;
    },

    async equipmentNameTaken(tx: DbTx, clinicId: number, name: string, exceptId: number | null) {
      const [row] = await tx
        .select({ id: equipment.id })
        .from(equipment)
        .where(
          and(
            liveEquipment(clinicId),
            sql`lower(${equipment.name}) = lower(${name})`,
            exceptId === null ? undefined : sql`${equipment.id} <> ${exceptId}`,
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    async equipmentItem(tx: DbTx, clinicId: number, id: number): Promise<EquipmentRow | null> {
      const [row] = await tx
        .select(equipmentColumns)
        .from(equipment)
        .where(and(liveEquipment(clinicId), eq(equipment.id, id)));
      return row ?? null;
    },

    /** Adds a piece of equipment after the last one. */
    async addEquipment(tx: DbTx, clinicId: number, e: EquipmentInput): Promise<number> {
      const [{ last }] = await tx
        .select({ last: max(equipment.sort) })
        .from(equipment)
        .where(liveEquipment(clinicId));
      const [row] = await tx
        .insert(equipment)
        .values({ clinicId, ...e, sort: (last ?? -1) + 1 })
        .returning({ id: equipment.id });
      return row.id;
    },

    async setEquipment(tx: DbTx, id: number, e: EquipmentInput) {
      await tx.update(equipment).set(e).where(eq(equipment.id, id));
    },

    async resortEquipment(tx: DbTx, ids: number[]) {
      for (const [sort, id] of ids.entries()) {
        await tx.update(equipment).set({ sort }).where(eq(equipment.id, id));
      }
    },

    async removeEquipment(tx: DbTx, id: number, at: Date) {
      await tx.update(equipment).set({ removedAt: at }).where(eq(equipment.id, id));
    },
  };
}
