import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { clientOrFail } from './checks';
import type { CodeStore } from './codes';
import { authFailure } from './failures';
import { type AuthEvent, inAuthTransaction } from './repo';
import type { SessionService } from './sessions';
import type { SessionViewer } from './viewer';

export type Login = ReturnType<typeof createLogin>;

/**
 * Signing in with an authorization code: the phone's account (created on first sign-in) gets a
 * session on this browser; and signing out.
 */
export function createLogin({
  db,
  clock,
  sessions,
  codes,
  audit,
  clientIds,
}: {
  db: Db;
  clock: Clock;
  sessions: SessionService;
  codes: CodeStore;
  audit: (event: AuthEvent) => Promise<void>;
  clientIds: readonly string[];
}) {
  return {
    /** `clientId` left out is the site's own client. */
    async login(input: {
      authorizationCode: string | null;
      clientId: string | null | undefined;
      request: FastifyRequest;
      reply: FastifyReply;
    }): Promise<SessionViewer> {
      const clientId = clientOrFail(input.clientId ?? clientIds[0], clientIds);
      if (typeof input.authorizationCode !== 'string' || input.authorizationCode.length > 100)
        throw authFailure(400, 'obsolete');
      const codeHash = codes.authorizationCodeHash(input.authorizationCode);
      const { request, reply } = input;
      // One transaction: the code is spent only if the session exists, and it commits once.
      return inAuthTransaction(db, async (r, tx) => {
        const now = clock.now();
        const phone = await r.spendAuthorizationCode(codeHash, clientId, now);
        if (!phone) throw authFailure(400, 'obsolete');
        if ((await r.userByPhone(phone))?.deletingSince) throw authFailure(403, 'deleting_in_progress');
        const userId = await r.signInUser(phone);
        const viewer = await sessions.start(request, reply, userId, tx);
        await r.audit(
          { kind: 'signed_in', phone, userId, ip: request.ip, userAgent: request.headers['user-agent'] },
          now,
        );
        return viewer;
      });
    },

    /** Ends this browser's session (other devices stay signed in). */
    async logout(request: FastifyRequest, reply: FastifyReply) {
      const viewer = await request.viewer();
      await sessions.end(request, reply);
      if (!viewer.isAnonymous)
        await audit({ kind: 'signed_out', phone: viewer.userPhone, userId: viewer.userId, ip: request.ip });
    },
  };
}
