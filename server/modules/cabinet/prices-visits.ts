import type { VisitPriceRequest, VisitPrices } from '../../../core/cabinet/visit-price-contracts';
import { VISIT_PRICE_TEXTS as T, visitClubPrice } from '../../../core/cabinet/visit-prices';
import { pageTags } from '../../../core/cache/page-tags';
import { zonedDay } from '../../../core/dates/zoned';
import type { PageCache } from '../../cache/page-cache';
import type { Clock } from '../../clock';
import type { Db, DbTx } from '../../db/client';
import { retryOnDeadlock } from '../../db/errors';
import { badRequest, forbidden, notFound, unauthorized } from '../../http/errors';
import type { SessionViewer } from '../auth/viewer';
import { createPricesRepo } from './prices-repo';
import { createVisitPricesRepo } from './prices-visits-repo';

/**
 * 'Стоимость приёма врачей' (docs/product/prices.md, ADR 039): the clinic sets each doctor's
 * visit price per address and visit type; a doctor reads their own. The workplace's price is the
 * one source of the visit's price: the same transaction writes it into the price-list lines that
 * are this visit and into the doctor's lowest price, the club price follows the club rule
 * (`visitClubPrice`), the change is audited, and the doctor's and the clinic's cached pages and the
 * town's lists are dropped. A visit already booked keeps the price it was booked at
 * (appointments.price), whatever happens here.
 */
export function createVisitPrices({ db, clock, pageCache }: { db: Db; clock: Clock; pageCache: PageCache }) {
  const repo = createVisitPricesRepo(db);
  const prices = createPricesRepo(db);

  async function list(viewer: SessionViewer): Promise<VisitPrices> {
    if (viewer.userId === null) throw unauthorized(T.signIn);
    if (viewer.role === 'clinic' && viewer.clinicId !== null) {
      return { editable: true, places: await repo.places({ clinicId: viewer.clinicId }) };
    }
    if (viewer.role === 'doctor' && viewer.doctorId !== null) {
      return { editable: false, places: await repo.places({ doctorId: viewer.doctorId }) };
    }
    throw forbidden(T.workOnly);
  }

  return {
    list,

    async set(viewer: SessionViewer, workplaceId: number, body: VisitPriceRequest): Promise<VisitPrices> {
      if (viewer.userId === null) throw unauthorized(T.signIn);
      if (viewer.role !== 'clinic' || viewer.clinicId === null) throw forbidden(T.clinicOnly);
      const { clinicId, userId } = viewer;
      const done = await retryOnDeadlock(() =>
        db.transaction(async (tx) => {
          // The clinic's row first, as every price change of the clinic takes it: one at a time.
          const clinic = await prices.clinic(tx, clinicId, true);
          if (!clinic) throw notFound('Клиника не найдена');
          const found = await repo.lockPrice(tx, clinicId, workplaceId, body.visit_type);
          // Another clinic's doctor is not told apart from a missing one.
          if (!found) throw notFound(T.notFound);
          const { row } = found;
          if (!row) throw badRequest(T.notOffered, { errors: { visit_type: T.notOffered } });
          const clubPrice = visitClubPrice(body.visit_type, body.price, clinic.clubEnabled);
          await repo.setPrice(tx, row, body.price, clubPrice);
          await prices.markUpdatedByClinic(tx, clinicId, zonedDay(clock.now(), clinic.tz).date);
          await prices.audit(tx, {
            userId,
            action: 'visit_price.changed',
            targetType: 'workplace_prices',
            targetId: workplaceId,
            before: { visitType: row.visitType, price: row.price, clubPrice: row.clubPrice },
            after: { visitType: row.visitType, price: body.price, clubPrice },
            at: clock.now(),
          });
          return { townId: clinic.townId, doctorId: row.doctorId };
        }),
      );
      pageCache.invalidate([
        pageTags.doctor(done.doctorId),
        pageTags.clinic(clinicId),
        pageTags.townLists(done.townId),
      ]);
      return list(viewer);
    },

    /**
     * The club price of every visit of the clinic, again by the club rule, when the clinic joins
     * or leaves the club (inside that change's transaction); the doctors whose prices changed.
     */
    async followClub(tx: DbTx, clinicId: number, clubEnabled: boolean): Promise<number[]> {
      const changed = new Set<number>();
      for (const row of await repo.clinicPrices(tx, clinicId)) {
        const clubPrice = visitClubPrice(row.visitType, row.price, clubEnabled);
        if (clubPrice === row.clubPrice) continue;
        await repo.setPrice(tx, row, row.price, clubPrice);
        changed.add(row.doctorId);
      }
      return [...changed];
    },
  };
}

export type VisitPricesEditor = ReturnType<typeof createVisitPrices>;
