import type { Db } from '../../db/client';
import { createClubRepo } from './repo';

/**
 * Whether a patient holds a club card now, for the modules that price a visit by it (the booking
 * books a member's visit at the club price, paid at the clinic by the card): the club's own read,
 * as the booking uses the auth module's desk rule (createDeskPatients).
 */
export function createClubMembership({ db }: { db: Db }) {
  const repo = createClubRepo(db);
  return {
    inClub: async (userId: number | null, now: Date): Promise<boolean> =>
      userId !== null && (await repo.currentCard(userId, now)) !== null,
  };
}

export type ClubMembership = ReturnType<typeof createClubMembership>;
