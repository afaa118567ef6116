import { formatVisitTime } from '../../../core/booking/visit';
import type { IceServer, RoomPage } from '../../../core/online/contracts';
import {
  hasRoom,
  onlineRoomSocketUrl,
  type RoomRole,
  roomOpeningTime,
  roomRole,
  roomTime,
  roomWindow,
} from '../../../core/online/room';
import { ROOM_TEXTS } from '../../../core/online/texts';
import { turnCredential } from '../../../core/online/turn';
import { formatPhone } from '../../../core/phone/format';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { DomainError, forbidden, notFound } from '../../http/errors';
import type { SessionViewer } from '../auth/viewer';
import { createOnlineRoomRepo } from './repo';

/**
 * The STUN and TURN servers the rooms use (ICE_STUN_URLS, TURN_URLS, TURN_SECRET). TURN
 * credentials are made per participant from the shared secret (coturn's use-auth-secret).
 */
export interface IceConfig {
  stunUrls: string[];
  turnUrls: string[];
  turnSecret: string | null;
}

export const NO_ICE: IceConfig = { stunUrls: [], turnUrls: [], turnSecret: null };

/** A TURN credential outlives the room's closing by this much (allocations refresh with it). */
const TURN_GRACE_SECONDS = 600;

/**
 * The consultation rooms of online visits (docs/product/online-room.md): who may enter and when,
 * the page's data, and the ICE servers an admitted participant connects through. Every entry
 * reads the visit again: a cancelled visit has no room from the moment it is cancelled.
 */
export function createOnlineRoomService({
  db,
  clock,
  ice = NO_ICE,
}: {
  db: Db;
  clock: Clock;
  ice?: IceConfig;
}) {
  const repo = createOnlineRoomRepo(db);

  /** The visit and the viewer's side in it; 404 when there is no room, 403 for anyone else. */
  async function find(viewer: SessionViewer, id: number) {
    const appointment = await repo.visit(id);
    if (!appointment || !hasRoom(appointment)) throw notFound(ROOM_TEXTS.notFound);
    if (viewer.userId === null) throw new DomainError('unauthorized', ROOM_TEXTS.signIn, 401);
    const role = roomRole(appointment, viewer);
    if (!role) throw forbidden(ROOM_TEXTS.notYours);
    return { appointment, role };
  }

  async function iceServers(id: number, role: RoomRole, closesAt: string, now: Date): Promise<IceServer[]> {
    const servers: IceServer[] = [];
    if (ice.stunUrls.length > 0) servers.push({ urls: ice.stunUrls });
    if (ice.turnUrls.length > 0 && ice.turnSecret) {
      const ttl =
        Math.max(60, Math.ceil((new Date(closesAt).getTime() - now.getTime()) / 1000)) + TURN_GRACE_SECONDS;
      const { username, credential } = await turnCredential(ice.turnSecret, `visit-${id}-${role}`, now, ttl);
      servers.push({ urls: ice.turnUrls, username, credential });
    }
    return servers;
  }

  return {
    /** The room's page: for its patient and doctor in any state ('early', 'open', 'over'). */
    async page(viewer: SessionViewer, id: number, now: Date = clock.now()): Promise<RoomPage> {
      const { appointment: a, role } = await find(viewer, id);
      const window = roomWindow(a);
      return {
        id: a.id,
        role,
        time: roomTime(a, now),
        ...window,
        when: formatVisitTime(a.startsAt, a.tz),
        opensAtTime: roomOpeningTime(a.startsAt, a.tz),
        doctorName: a.doctorName ?? '',
        specialities: a.specialities,
        clinicName: a.clinicName,
        patientName: a.patientName,
        patientPhone: formatPhone(a.patientPhone),
        patientPhoneHref: `tel:+${a.patientPhone}`,
        visitUrl: `/appointment/${a.id}/`,
        socketUrl: onlineRoomSocketUrl(a.id),
      };
    },

    /**
     * Entering the open room (the socket's handshake): the side, when the room closes, and the
     * ICE servers with this participant's TURN credential. Before the opening and after the
     * closing: 403 with the reason, as for a stranger.
     */
    async admit(viewer: SessionViewer, id: number, now: Date = clock.now()) {
      const { appointment: a, role } = await find(viewer, id);
      const time = roomTime(a, now);
      const window = roomWindow(a);
      if (time === 'early') {
        throw new DomainError('room_early', ROOM_TEXTS.early(roomOpeningTime(a.startsAt, a.tz)), 403, {
          opensAt: window.opensAt,
        });
      }
      if (time === 'over') throw new DomainError('room_over', ROOM_TEXTS.over, 403);
      return {
        role,
        closesAt: window.closesAt,
        iceServers: await iceServers(a.id, role, window.closesAt, now),
      };
    },

    /** Whether the visit's room is still open (an open socket checks now and then: a cancellation closes it). */
    async stillOpen(id: number, now: Date = clock.now()): Promise<boolean> {
      const a = await repo.visit(id);
      return a !== null && hasRoom(a) && roomTime(a, now) === 'open';
    },
  };
}

export type OnlineRoomService = ReturnType<typeof createOnlineRoomService>;
