import type {
  CabinetPriceLine,
  CabinetPrices,
  ClubBody,
  ClubParticipation,
  NewPriceLineRequest,
  PriceLineRequest,
  SynonymOptions,
} from '../../../core/cabinet/price-contracts';
import { PRICE_LIMITS, PRICE_TEXTS, priceLineVersion } from '../../../core/cabinet/prices';
import { VISIT_PRICE_TEXTS } from '../../../core/cabinet/visit-prices';
import { pageTags } from '../../../core/cache/page-tags';
import { zonedDay } from '../../../core/dates/zoned';
import type { PageCache } from '../../cache/page-cache';
import type { Clock } from '../../clock';
import type { Db, DbTx } from '../../db/client';
import { retryOnDeadlock } from '../../db/errors';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../../http/errors';
import type { SessionViewer } from '../auth/viewer';
import {
  createPricesRepo,
  type PriceClinicRow,
  type PriceLineRow,
  type PriceLineValues,
} from './prices-repo';
import { createVisitPrices } from './prices-visits';

export type PricesEditor = ReturnType<typeof createPricesEditor>;

function valuesOf(body: PriceLineRequest | NewPriceLineRequest): PriceLineValues {
  return {
    name: body.name,
    durationMinutes: body.duration_minutes,
    priceFull: body.price_full,
    priceClub: body.price_club,
    requiresPrimaryConsultation: body.requires_primary_consultation,
    appointmentOn: body.appointment_on,
    hasIntervals: body.has_intervals,
    isAvailableAppointmentDirect: body.is_available_appointment_direct,
  };
}

/** What the audit keeps of a line: its fields, without the joined names. */
function audited(row: PriceLineRow | PriceLineValues): PriceLineValues & { doctorId?: number | null } {
  return {
    name: row.name,
    durationMinutes: row.durationMinutes,
    priceFull: row.priceFull,
    priceClub: row.priceClub,
    requiresPrimaryConsultation: row.requiresPrimaryConsultation,
    appointmentOn: row.appointmentOn,
    hasIntervals: row.hasIntervals,
    isAvailableAppointmentDirect: row.isAvailableAppointmentDirect,
  };
}

function lineOf(row: PriceLineRow): CabinetPriceLine {
  return {
    id: row.id,
    synonymId: row.synonymId,
    synonymName: row.synonymName,
    classId: row.classId,
    name: row.name,
    durationMinutes: row.durationMinutes,
    priceFull: row.priceFull,
    priceClub: row.priceClub,
    requiresPrimaryConsultation: row.requiresPrimaryConsultation,
    appointmentOn: row.appointmentOn,
    hasIntervals: row.hasIntervals,
    isAvailableAppointmentDirect: row.isAvailableAppointmentDirect,
    visitPrice: row.visitPrice,
    doctor: row.doctor,
    version: priceLineVersion(row),
  };
}

/**
 * The clinic's price list and club participation as its account keeps them in the cabinet
 * (docs/product/cabinet.md, 'Prices and services'). Only a clinic account, only its own clinic
 * (from the session). Each change runs in one transaction that locks the clinic's row first (so
 * the clinic's price changes go one at a time), is audited, marks the prices 'updated by the
 * clinic' today on the clinic's clock, and drops the cached pages that show them.
 */
export function createPricesEditor({ db, clock, pageCache }: { db: Db; clock: Clock; pageCache: PageCache }) {
  const repo = createPricesRepo(db);
  const visitPrices = createVisitPrices({ db, clock, pageCache });

  function clinicOf(viewer: SessionViewer): { clinicId: number; userId: number } {
    if (viewer.userId === null) throw unauthorized(PRICE_TEXTS.signIn);
    if (viewer.role !== 'clinic' || viewer.clinicId === null) throw forbidden(PRICE_TEXTS.clinicOnly);
    return { clinicId: viewer.clinicId, userId: viewer.userId };
  }

  async function lockedClinic(tx: DbTx, clinicId: number): Promise<PriceClinicRow> {
    const clinic = await repo.clinic(tx, clinicId, true);
    if (!clinic) throw notFound('Клиника не найдена');
    return clinic;
  }

  async function list(clinicId: number): Promise<CabinetPrices> {
    const [clinic, rows] = await Promise.all([repo.clinic(db, clinicId), repo.lines(db, clinicId)]);
    if (!clinic) throw notFound('Клиника не найдена');
    const groups: CabinetPrices['groups'] = [];
    for (const row of rows) {
      const last = groups.at(-1);
      if (last && last.classId === row.classId) last.lines.push(lineOf(row));
      else groups.push({ classId: row.classId, name: row.className, lines: [lineOf(row)] });
    }
    return {
      clinicId,
      club: { enabled: clinic.clubEnabled, discountPercent: clinic.clubDiscountPercent },
      updateStatus: { code: clinic.priceUpdateStatus, date: clinic.priceUpdatedAt },
      groups,
    };
  }

  /**
   * One change of the clinic's lines: `write` runs with the clinic's row locked, then the prices
   * are 'updated by the clinic' today and the pages showing them (the clinic's, its town's lists
   * and service pages, the line's doctor's) are dropped from the cache.
   */
  async function changeLines(
    clinicId: number,
    write: (tx: DbTx, clinic: PriceClinicRow) => Promise<{ doctorIds: (number | null)[] }>,
  ): Promise<CabinetPrices> {
    const { townId, doctorIds } = await retryOnDeadlock(() =>
      db.transaction(async (tx) => {
        const clinic = await lockedClinic(tx, clinicId);
        const done = await write(tx, clinic);
        await repo.markUpdatedByClinic(tx, clinicId, zonedDay(clock.now(), clinic.tz).date);
        return { townId: clinic.townId, doctorIds: done.doctorIds };
      }),
    );
    pageCache.invalidate([
      pageTags.clinic(clinicId),
      pageTags.townLists(townId),
      ...doctorIds.flatMap((id) => (id === null ? [] : [pageTags.doctor(id)])),
    ]);
    return list(clinicId);
  }

  async function ownLine(tx: DbTx, clinicId: number, id: number): Promise<PriceLineRow> {
    const line = await repo.lockLine(tx, clinicId, id);
    // Another clinic's line is not told apart from a missing one.
    if (!line) throw notFound(PRICE_TEXTS.notFound);
    return line;
  }

  return {
    async list(viewer: SessionViewer): Promise<CabinetPrices> {
      return list(clinicOf(viewer).clinicId);
    },

    async add(viewer: SessionViewer, body: NewPriceLineRequest): Promise<CabinetPrices> {
      const { clinicId, userId } = clinicOf(viewer);
      return changeLines(clinicId, async (tx) => {
        const synonym = await repo.synonym(tx, body.synonym_id);
        if (!synonym)
          throw badRequest(PRICE_TEXTS.synonymMissing, {
            errors: { synonym_id: PRICE_TEXTS.synonymMissing },
          });
        const values = valuesOf(body);
        const id = await repo.insertLine(tx, clinicId, synonym, values);
        await repo.audit(tx, {
          userId,
          action: 'price.added',
          targetType: 'clinic_services',
          targetId: id,
          before: null,
          after: { ...audited(values), synonymId: synonym.id, classId: synonym.classId },
          at: clock.now(),
        });
        return { doctorIds: [] };
      });
    },

    async change(viewer: SessionViewer, id: number, body: PriceLineRequest): Promise<CabinetPrices> {
      const { clinicId, userId } = clinicOf(viewer);
      return changeLines(clinicId, async (tx) => {
        const line = await ownLine(tx, clinicId, id);
        if (priceLineVersion(line) !== body.version) throw conflict('stale', PRICE_TEXTS.stale);
        const values = valuesOf(body);
        // A doctor's visit has one price, the workplace's (ADR 039): not a second one here.
        if (line.visitPrice && (values.priceFull !== line.priceFull || values.priceClub !== line.priceClub)) {
          const field = values.priceFull !== line.priceFull ? 'price_full' : 'price_club';
          throw badRequest(VISIT_PRICE_TEXTS.linePrice, { errors: { [field]: VISIT_PRICE_TEXTS.linePrice } });
        }
        await repo.updateLine(tx, id, values);
        await repo.audit(tx, {
          userId,
          action: 'price.changed',
          targetType: 'clinic_services',
          targetId: id,
          before: audited(line),
          after: audited(values),
          at: clock.now(),
        });
        return { doctorIds: [line.doctorId] };
      });
    },

    /**
     * Removes a line that never had a visit (with its own schedule). A line patients are booked on
     * is refused (409 `visits_booked`); one with past visits too (409 `has_visits`): the visits
     * keep their line, and 'Запись онлайн' off stops new ones.
     */
    async remove(viewer: SessionViewer, id: number): Promise<CabinetPrices> {
      const { clinicId, userId } = clinicOf(viewer);
      return changeLines(clinicId, async (tx) => {
        const line = await ownLine(tx, clinicId, id);
        const visits = await repo.visits(tx, id, clock.now());
        if (visits.upcoming > 0) throw conflict('visits_booked', PRICE_TEXTS.visitsBooked);
        if (visits.any > 0) throw conflict('has_visits', PRICE_TEXTS.hasHistory);
        await repo.deleteLine(tx, id);
        await repo.audit(tx, {
          userId,
          action: 'price.removed',
          targetType: 'clinic_services',
          targetId: id,
          before: {
            ...audited(line),
            synonymId: line.synonymId,
            classId: line.classId,
            doctorId: line.doctorId,
          },
          after: null,
          at: clock.now(),
        });
        return { doctorIds: [line.doctorId] };
      });
    },

    /** The clinic joins or leaves the club, or changes its discount: its club prices show or hide. */
    async setClub(viewer: SessionViewer, body: ClubBody): Promise<ClubParticipation> {
      const { clinicId, userId } = clinicOf(viewer);
      const { townId, doctorIds } = await db.transaction(async (tx) => {
        const clinic = await lockedClinic(tx, clinicId);
        await repo.setClub(tx, clinicId, body.enabled, body.discount_percent);
        // The doctors' visits get or lose their club price by the club rule.
        await visitPrices.followClub(tx, clinicId, body.enabled);
        await repo.audit(tx, {
          userId,
          action: 'club.changed',
          targetType: 'clinics',
          targetId: clinicId,
          before: { enabled: clinic.clubEnabled, discountPercent: clinic.clubDiscountPercent },
          after: { enabled: body.enabled, discountPercent: body.discount_percent },
          at: clock.now(),
        });
        return { townId: clinic.townId, doctorIds: await repo.doctorIds(tx, clinicId) };
      });
      pageCache.invalidate([
        pageTags.clinic(clinicId),
        pageTags.townLists(townId),
        ...doctorIds.map((id) => pageTags.doctor(id)),
      ]);
      return { enabled: body.enabled, discountPercent: body.discount_percent };
    },

    /** 'Стоимость приёма врачей': the clinic's doctors' visit prices, or a doctor's own (read only). */
    visitPrices: visitPrices.list,

    /** Sets one visit's price at one of the clinic's workplaces (the one source of it, ADR 039). */
    setVisitPrice: visitPrices.set,

    /** Canonical services by name for 'Добавить услугу' (a short query finds nothing). */
    async synonyms(viewer: SessionViewer, query: string): Promise<SynonymOptions> {
      clinicOf(viewer);
      const text = query.trim();
      if (text.length < PRICE_LIMITS.synonymQueryMin) return { synonyms: [] };
      return { synonyms: await repo.synonyms(text, PRICE_LIMITS.synonymsShown) };
    },
  };
}
