import { blockEdge, blockRangeRefusal, canRunDesk, DESK_TEXTS } from '../../../core/cabinet/desk';
import type { Block, BlockBody, Blocks, BlocksFilter } from '../../../core/cabinet/desk-contracts';
import { zonedDay } from '../../../core/dates/zoned';
import { addDays, zonedInstant } from '../../../core/schedule/free-slots';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../../http/errors';
import type { JobSender } from '../../jobs/queue';
import type { EventBus } from '../../realtime/bus';
import { announceVisit } from '../../realtime/visits';
import { WAITLIST_JOBS } from '../booking/waitlist';
import { createBlocksRepo } from './blocks-repo';
import type { CabinetRepo } from './repo';

/**
 * Blocks (docs/product/front-desk.md): the clinic takes a range out of a doctor's times at the
 * clinic (a meeting, a broken device). Every channel's free times leave it out at once, as they
 * are computed from the same rows (server/modules/schedule), and the clinic's open calendars and
 * lists are told at once (the cabinet's socket). A block and a booking of the same
 * time never both win: taking a block locks the workplace row, a booking's insert waits on it
 * (its foreign key) and then sees the block (scheduleGone), or the block waits for the booking
 * and then finds its visit and is refused with it.
 */
export function createCabinetBlocks({
  db,
  clock,
  jobs,
  bus,
  repo,
}: {
  db: Db;
  clock: Clock;
  jobs: JobSender;
  bus: EventBus;
  repo: CabinetRepo;
}) {
  const blocks = createBlocksRepo(db);

  function deskOf(viewer: { userId: number | null; role: string | null; clinicId: number | null }) {
    if (viewer.userId === null) throw unauthorized(DESK_TEXTS.signIn);
    const clinicId = canRunDesk(viewer);
    if (clinicId === null) throw forbidden(DESK_TEXTS.signIn);
    return { clinicId, userId: viewer.userId };
  }

  return {
    /** The clinic's blocks (of one of its doctors) over `days` days from `from` (the clinic's today by default). */
    async blocks(
      viewer: { userId: number | null; role: string | null; clinicId: number | null },
      query: BlocksFilter,
    ): Promise<Blocks> {
      const { clinicId } = deskOf(viewer);
      const tz = (await repo.homeZone({ clinicId })) ?? 'Europe/Moscow';
      const from = query.from ?? zonedDay(clock.now(), tz).date;
      const days = query.days ?? 14;
      const doctors = await repo.clinicDoctors(clinicId);
      const doctor =
        query.doctor !== undefined && doctors.some((d) => d.id === query.doctor) ? query.doctor : null;
      const list = await blocks.list(clinicId, doctor, {
        startsAt: zonedInstant(from, '00:00', tz),
        endsAt: zonedInstant(addDays(from, days), '00:00', tz),
      });
      return { from, days, doctors, blocks: list };
    },

    /**
     * Takes the range out of the doctor's times. In one transaction on the locked workplace: the
     * times held in it are let go, and the visits booked in it refuse the block (409
     * visits_booked, with them): the desk moves or cancels them first.
     */
    async addBlock(
      viewer: { userId: number | null; role: string | null; clinicId: number | null },
      body: BlockBody,
    ): Promise<Block> {
      const { clinicId, userId } = deskOf(viewer);
      if (body.lpu_id !== clinicId) throw forbidden(DESK_TEXTS.notOurDoctor);
      const now = clock.now();
      const id = await db.transaction(async (tx) => {
        const workplace = await blocks.lockWorkplace(tx, body.doctor_id, clinicId);
        if (!workplace) throw forbidden(DESK_TEXTS.notOurDoctor);
        const startsAt = blockEdge(body.starts_at, workplace.tz);
        const endsAt = blockEdge(body.ends_at, workplace.tz);
        if (!startsAt || !endsAt) throw badRequest(DESK_TEXTS.badTime);
        const range = { startsAt, endsAt };
        const refusal = blockRangeRefusal(range, now);
        if (refusal) throw badRequest(refusal);
        // Holds first: deleting one waits for a booking turning it into a visit right now, so
        // the visits read next include it. (A refusal rolls the holds back.)
        await blocks.dropHolds(tx, workplace.id, range);
        const booked = await blocks.visitsIn(tx, workplace.id, range);
        if (booked.length > 0)
          throw conflict('visits_booked', DESK_TEXTS.blockVisits, {
            visits: (await repo.visitsByIds(tx, booked)).map((v) => v.visit),
          });
        const added = await blocks.insert(tx, {
          workplaceId: workplace.id,
          ...range,
          reason: body.reason,
          createdBy: userId,
          at: now,
        });
        await repo.audit(tx, {
          userId,
          action: 'block.added',
          targetType: 'schedule_blocks',
          targetId: added,
          before: null,
          after: {
            doctorId: body.doctor_id,
            startsAt: startsAt.toISOString(),
            endsAt: endsAt.toISOString(),
            reason: body.reason,
          },
          at: now,
        });
        return added;
      });
      await announceVisit(bus, { clinicId, doctorId: body.doctor_id }, { change: 'blocked', blockId: id });
      const block = await blocks.byId(id, clinicId);
      if (!block) throw notFound(DESK_TEXTS.blockNotFound);
      return block;
    },

    /** Gives a block's times back; the waitlist hears of them. */
    async removeBlock(
      viewer: { userId: number | null; role: string | null; clinicId: number | null },
      id: number,
    ): Promise<{ removed: true }> {
      const { clinicId, userId } = deskOf(viewer);
      const now = clock.now();
      const removed = await db.transaction(async (tx) => {
        const block = await blocks.remove(tx, id, clinicId);
        if (!block) return null;
        await jobs.enqueue(tx, [
          { kind: WAITLIST_JOBS.opened, runAt: now, payload: { workplaceId: block.workplaceId } },
        ]);
        await repo.audit(tx, {
          userId,
          action: 'block.removed',
          targetType: 'schedule_blocks',
          targetId: id,
          before: {
            doctorId: block.doctor.id,
            startsAt: block.starts_at,
            endsAt: block.ends_at,
            reason: block.reason,
          },
          after: null,
          at: now,
        });
        return block;
      });
      if (!removed) throw notFound(DESK_TEXTS.blockNotFound);
      await announceVisit(
        bus,
        { clinicId, doctorId: removed.doctor.id },
        { change: 'unblocked', blockId: id },
      );
      return { removed: true };
    },
  };
}
