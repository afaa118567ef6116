import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../clock';
import type { Db, DbTx } from '../../db/client';
import { CSRF_COOKIE, newCsrfToken } from '../../security/csrf';
import { createSessionRepo } from './session-repo';
import { ANONYMOUS_VIEWER, type SessionViewer, viewerOf } from './viewer';

/** The session cookie of signed-in visitors; its absence means anonymous (page cache, ADR 003). */
export const SESSION_COOKIE = 'sessionid';
/** A session unused this long ends (its expiry slides forward as it is used). */
export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;
/** However much it is used, a session ends this long after sign-in (a stolen token does too). */
export const SESSION_MAX_AGE_MS = 90 * 24 * 3600 * 1000;
/** A session's expiry slides forward at most this often, so reads stay reads. */
const TOUCH_EVERY_MS = 3600 * 1000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Server-side sessions (docs/product/sign-in.md): the cookie carries a random token, the table its hash, so a
 * leaked table cannot be replayed. HttpOnly and SameSite=Lax always; Secure over HTTPS. A session
 * ends after 30 days unused or 90 days after sign-in, whichever comes first.
 */
export function createSessionService({ db, clock, secure }: { db: Db; clock: Clock; secure: boolean }) {
  const sessionRepo = createSessionRepo(db);

  async function viewerForToken(token: string | undefined): Promise<SessionViewer> {
    if (!token || token.length > 100) return ANONYMOUS_VIEWER;
    const now = clock.now();
    const hash = hashToken(token);
    const row = await sessionRepo.find(hash, now, new Date(now.getTime() - SESSION_MAX_AGE_MS));
    if (!row?.user) return ANONYMOUS_VIEWER;
    if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
      const slid = now.getTime() + SESSION_TTL_MS;
      const end = row.createdAt.getTime() + SESSION_MAX_AGE_MS;
      await sessionRepo.touch(hash, now, new Date(Math.min(slid, end)));
    }
    return viewerOf(row.user);
  }

  return {
    viewerForToken,

    /** Gives `request.viewer()`: the session is read only by handlers that ask for it. */
    decorate(app: FastifyInstance) {
      app.decorateRequest('viewer', function viewer(this: FastifyRequest) {
        throw new Error(`viewer() used before the session hook on ${this.url}`);
      });
      app.addHook('onRequest', async (request) => {
        let memo: Promise<SessionViewer> | null = null;
        request.viewer = () => {
          memo ??= viewerForToken(request.cookies[SESSION_COOKIE]);
          return memo;
        };
      });
    },

    /**
     * Signs the user in on this browser: any previous session of the browser ends (the id is
     * rotated, against session fixation) and the CSRF token is renewed with it.
     */
    async start(
      request: FastifyRequest,
      reply: FastifyReply,
      userId: number,
      /** The caller's transaction, so signing in commits once. */
      tx?: DbTx,
    ): Promise<SessionViewer> {
      const repo = tx ? createSessionRepo(tx) : sessionRepo;
      const old = request.cookies[SESSION_COOKIE];
      if (old) await repo.delete(hashToken(old));
      const token = randomBytes(32).toString('base64url');
      const now = clock.now();
      await repo.insert({
        tokenHash: hashToken(token),
        userId,
        csrfToken: newCsrfToken(),
        createdAt: now,
        lastSeenAt: now,
        expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
        userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
        ip: request.ip,
      });
      reply.setCookie(SESSION_COOKIE, token, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure,
        maxAge: SESSION_TTL_MS / 1000,
      });
      const csrf = newCsrfToken();
      request.cookies[CSRF_COOKIE] = csrf;
      reply.setCookie(CSRF_COOKIE, csrf, { path: '/', sameSite: 'lax', secure, maxAge: 365 * 24 * 3600 });
      const user = await repo.userById(userId);
      if (!user) throw new Error(`user ${userId} vanished during sign-in`);
      const viewer = viewerOf(user);
      request.viewer = async () => viewer;
      return viewer;
    },

    /**
     * This browser's session runs another branch of its network account from now on (checked by
     * the caller; the session's reads check it again). Other browsers keep theirs.
     */
    async actAs(request: FastifyRequest, clinicId: number, tx: DbTx): Promise<void> {
      const token = request.cookies[SESSION_COOKIE];
      if (!token) throw new Error('actAs() without a session');
      await createSessionRepo(tx).setActingClinic(hashToken(token), clinicId);
    },

    /** Ends this browser's session (other devices stay signed in). */
    async end(request: FastifyRequest, reply: FastifyReply) {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await sessionRepo.delete(hashToken(token));
      reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
      request.viewer = async () => ANONYMOUS_VIEWER;
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
