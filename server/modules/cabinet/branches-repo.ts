import { sql } from 'drizzle-orm';
import type { CabinetBranch } from '../../../core/cabinet/branches';
import type { Db, DbTx } from '../../db/client';

/**
 * The network account's branches, read from the account's row (not the session's copy): the
 * clinics of its network, and its own clinic even if that one has left the network (the
 * session falls back to it, so the picker must be able to show and choose it).
 */
export function createBranchesRepo(db: Db) {
  return {
    async branches(userId: number, tx: Db | DbTx = db): Promise<CabinetBranch[]> {
      const { rows } = await tx.execute<CabinetBranch>(sql`
        SELECT c.id, c.name, c.street || ', ' || c.house AS address, t.name AS town
          FROM users u
          JOIN clinics c ON c.network_id = u.network_id OR c.id = u.clinic_id
          JOIN towns t ON t.id = c.town_id
         WHERE u.id = ${userId} AND u.role = 'clinic' AND u.network_id IS NOT NULL
         ORDER BY t.name COLLATE "und-x-icu", c.name COLLATE "und-x-icu", c.street COLLATE "und-x-icu", c.house, c.id`);
      return rows.map((r) => ({ id: Number(r.id), name: r.name, address: r.address, town: r.town }));
    },
  };
}
