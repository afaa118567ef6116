import { sql } from 'drizzle-orm';
import type { VisitPriceType } from '../../../core/cabinet/visit-prices';
import type { Db, DbTx } from '../../db/client';

/** A doctor's workplace with its visit prices, as 'Стоимость приёма врачей' lists it. */
export interface VisitPlaceRow {
  workplaceId: number;
  doctorId: number;
  doctor: string;
  clinicId: number;
  clinicName: string;
  address: string;
  prices: { visitType: VisitPriceType; price: number; clubPrice: number | null }[];
}

/** One visit price of a workplace, as a change reads it (locked). */
export interface VisitPriceRow {
  workplaceId: number;
  doctorId: number;
  visitType: VisitPriceType;
  price: number;
  clubPrice: number | null;
}

const placeColumns = sql`
  w.id AS "workplaceId", w.doctor_id AS "doctorId",
  trim(d.last_name || ' ' || d.first_name || ' ' || coalesce(d.patronymic, '')) AS doctor,
  c.id AS "clinicId", c.name AS "clinicName", c.street || ', ' || c.house AS address,
  (SELECT coalesce(json_agg(json_build_object('visitType', wp.visit_type, 'price', wp.price,
                                              'clubPrice', wp.club_price)
                   ORDER BY array_position(ARRAY['clinic', 'home', 'telemed'], wp.visit_type)), '[]')
     FROM workplace_prices wp WHERE wp.workplace_id = w.id) AS prices`;

/** SQL of the doctors' visit prices (ADR 039): workplace_prices, and the lines that show them. */
export function createVisitPricesRepo(db: Db) {
  return {
    /** The workplaces of a clinic (by the doctors' names) or of a doctor (by their order), with prices. */
    async places(by: { clinicId: number } | { doctorId: number }): Promise<VisitPlaceRow[]> {
      const where = 'clinicId' in by ? sql`w.clinic_id = ${by.clinicId}` : sql`w.doctor_id = ${by.doctorId}`;
      const order =
        'clinicId' in by
          ? sql`d.last_name, d.first_name, coalesce(d.patronymic, ''), w.id`
          : sql`w.sort, w.id`;
      const { rows } = await db.execute(sql`
        SELECT ${placeColumns}
        FROM workplaces w JOIN doctors d ON d.id = w.doctor_id JOIN clinics c ON c.id = w.clinic_id
        WHERE ${where}
        ORDER BY ${order}`);
      return rows as unknown as VisitPlaceRow[];
    },

    /**
     * A visit price of one of the clinic's workplaces, locked until the transaction ends; null
     * when the workplace is not the clinic's (or not there), `offered: false` when the doctor
     * takes no such visit there.
     */
    async lockPrice(
      tx: DbTx,
      clinicId: number,
      workplaceId: number,
      visitType: VisitPriceType,
    ): Promise<{ doctorId: number; row: VisitPriceRow | null } | null> {
      const { rows: places } = await tx.execute(sql`
        SELECT w.doctor_id AS "doctorId" FROM workplaces w
        WHERE w.id = ${workplaceId} AND w.clinic_id = ${clinicId}`);
      const place = places[0] as { doctorId: number } | undefined;
      if (!place) return null;
      const { rows } = await tx.execute(sql`
        SELECT wp.workplace_id AS "workplaceId", ${place.doctorId}::int AS "doctorId",
               wp.visit_type AS "visitType", wp.price, wp.club_price AS "clubPrice"
        FROM workplace_prices wp
        WHERE wp.workplace_id = ${workplaceId} AND wp.visit_type = ${visitType}
        FOR UPDATE`);
      return { doctorId: place.doctorId, row: (rows[0] as unknown as VisitPriceRow | undefined) ?? null };
    },

    /** The visit prices of the clinic's doctors (for the club's price when the clinic joins or leaves). */
    async clinicPrices(tx: DbTx, clinicId: number): Promise<VisitPriceRow[]> {
      const { rows } = await tx.execute(sql`
        SELECT wp.workplace_id AS "workplaceId", w.doctor_id AS "doctorId", wp.visit_type AS "visitType",
               wp.price, wp.club_price AS "clubPrice"
        FROM workplace_prices wp JOIN workplaces w ON w.id = wp.workplace_id
        WHERE w.clinic_id = ${clinicId}
        ORDER BY wp.workplace_id, wp.visit_type
        FOR UPDATE OF wp`);
      return rows as unknown as VisitPriceRow[];
    },

    /**
     * Writes a visit's price and club price, and the same into the clinic's price-list lines that
     * are this visit (a line of the visit's service naming the doctor): the list shows what the
     * booking charges. Then the doctor's lowest clinic price, which the lists sort by.
     */
    async setPrice(
      tx: DbTx,
      row: { workplaceId: number; doctorId: number; visitType: VisitPriceType },
      price: number,
      clubPrice: number | null,
    ): Promise<void> {
      await tx.execute(sql`
        UPDATE workplace_prices SET price = ${price}, club_price = ${clubPrice}
        WHERE workplace_id = ${row.workplaceId} AND visit_type = ${row.visitType}`);
      await tx.execute(sql`
        UPDATE clinic_services cs SET price_full = ${price}, price_club = ${clubPrice}
        FROM workplaces w, service_synonyms ss
        WHERE w.id = ${row.workplaceId} AND cs.clinic_id = w.clinic_id AND cs.doctor_id = w.doctor_id
          AND ss.id = cs.synonym_id AND ss.visit_type = ${row.visitType}`);
      await tx.execute(sql`
        UPDATE doctors SET min_price = (
          SELECT min(wp.price) FROM workplaces w JOIN workplace_prices wp ON wp.workplace_id = w.id
          WHERE w.doctor_id = ${row.doctorId} AND wp.visit_type = 'clinic')
        WHERE id = ${row.doctorId}`);
    },
  };
}

export type VisitPricesRepo = ReturnType<typeof createVisitPricesRepo>;
