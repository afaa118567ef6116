import { createHash, randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { MisKey, MisKeyBodySchema, MisKeyCreated, MisKeys } from '../../../core/mis/contracts';
import { MIS_KEY_TEXTS, MIS_KEYS_LIMIT, scopesOf } from '../../../core/mis/keys';
import { MIS_TEXTS } from '../../../core/mis/push';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { conflict, forbidden, notFound, unauthorized } from '../../http/errors';
import type { SessionViewer } from '../auth/viewer';
import type { KeyRow, MisRepo } from './repo';

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const iso = (value: string | Date) => new Date(value).toISOString();

/** 'mis_{8 hex}_{43 base64url}': 256 random bits, so a plain SHA-256 is a safe way to keep it (ADR 017). */
function newKey(): { prefix: string; secret: string } {
  const prefix = randomBytes(4).toString('hex');
  return { prefix, secret: `mis_${prefix}_${randomBytes(32).toString('base64url')}` };
}

const keyOf = (row: KeyRow): MisKey => ({
  id: row.id,
  prefix: row.prefix,
  label: row.label,
  scopes: scopesOf(row.scopes),
  full: row.scopes === null,
  createdAt: iso(row.createdAt),
  lastUsedAt: row.lastUsedAt ? iso(row.lastUsedAt) : null,
  revokedAt: row.revokedAt ? iso(row.revokedAt) : null,
});

/**
 * The clinic's MIS keys in its cabinet (ADR 017): listed, issued (the text shown once) and
 * revoked, by a clinic account for its own clinic only, each change audited.
 */
export function createMisKeys({ db, clock, repo }: { db: Db; clock: Clock; repo: MisRepo }) {
  function cabinetClinic(viewer: SessionViewer): { clinicId: number; userId: number } {
    if (viewer.userId === null) throw unauthorized(MIS_KEY_TEXTS.signIn);
    if (viewer.role !== 'clinic' || viewer.clinicId === null) throw forbidden(MIS_KEY_TEXTS.clinicOnly);
    return { clinicId: viewer.clinicId, userId: viewer.userId };
  }

  return {
    /** The clinic's keys, for its cabinet. */
    async keys(viewer: SessionViewer): Promise<MisKeys> {
      const { clinicId } = cabinetClinic(viewer);
      const clinic = await repo.clinic(clinicId);
      if (!clinic) throw unauthorized(MIS_TEXTS.badKey);
      return { keys: (await repo.keys(db, clinicId)).map(keyOf), limit: MIS_KEYS_LIMIT, tz: clinic.tz };
    },

    /** A new key with its label and scopes; its text is in this reply only. The clinic row is locked: two presses never pass the limit. */
    async createKey(viewer: SessionViewer, body: z.output<typeof MisKeyBodySchema>): Promise<MisKeyCreated> {
      const { clinicId, userId } = cabinetClinic(viewer);
      return db.transaction(async (tx) => {
        await repo.lockClinic(tx, clinicId);
        const active = (await repo.keys(tx, clinicId)).filter((k) => k.revokedAt === null);
        if (active.length >= MIS_KEYS_LIMIT) throw conflict('too_many_keys', MIS_KEY_TEXTS.tooManyKeys);
        const { prefix, secret } = newKey();
        const now = clock.now();
        const row = await repo.insertKey(tx, {
          clinicId,
          prefix,
          keyHash: sha256(secret),
          label: body.label,
          scopes: body.scopes,
          createdBy: userId,
          createdAt: now,
        });
        await repo.audit(tx, {
          userId,
          action: 'mis_key.created',
          targetType: 'mis_api_keys',
          targetId: row.id,
          before: null,
          after: { prefix, label: body.label, scopes: body.scopes },
          at: now,
        });
        return { key: keyOf(row), secret };
      });
    },

    /** Revokes a key of the clinic's: calls with it are refused from this moment. */
    async revokeKey(viewer: SessionViewer, id: number): Promise<MisKey> {
      const { clinicId, userId } = cabinetClinic(viewer);
      return db.transaction(async (tx) => {
        const now = clock.now();
        const row = await repo.lockKey(tx, id, clinicId);
        if (!row) throw notFound(MIS_KEY_TEXTS.keyNotFound);
        if (row.revokedAt !== null) throw conflict('already_revoked', MIS_KEY_TEXTS.alreadyRevoked);
        await repo.revokeKey(tx, id, now);
        await repo.audit(tx, {
          userId,
          action: 'mis_key.revoked',
          targetType: 'mis_api_keys',
          targetId: id,
          before: { revokedAt: null },
          after: { revokedAt: now.toISOString() },
          at: now,
        });
        return keyOf({ ...row, revokedAt: now.toISOString() });
      });
    },
  };
}
