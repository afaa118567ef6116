import { z } from 'zod';

/**
 * The consultation room's page and its signalling socket (docs/product/online-room.md). The
 * socket only relays: the offer/answer and ICE candidates of WebRTC, the camera and microphone
 * switches, and the text line. Nothing of it is stored.
 */

/** A STUN/TURN server as RTCPeerConnection takes it (TURN with its time-limited credential). */
export const IceServerSchema = z.object({
  urls: z.array(z.string()),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type IceServer = z.infer<typeof IceServerSchema>;

/** The room's page: for its patient and its doctor alike, each seeing the other side. */
export const RoomPageSchema = z.object({
  id: z.number(),
  role: z.enum(['patient', 'doctor']),
  /** 'early': before the opening (the page says when); 'over': closed for good. */
  time: z.enum(['early', 'open', 'over']),
  /** ISO instants. */
  opensAt: z.string(),
  closesAt: z.string(),
  /** The visit's time as the clinic's clock shows it ('7 декабря, понедельник, 12:00'). */
  when: z.string(),
  /** When the room opens, 'HH:mm' on the clinic's clock. */
  opensAtTime: z.string(),
  doctorName: z.string(),
  specialities: z.array(z.string()),
  clinicName: z.string(),
  /** The patient's name as booked (the doctor sees it; the patient sees their own). */
  patientName: z.string(),
  /** The phone the doctor calls if the video fails: formatted, and as a tel: link. */
  patientPhone: z.string(),
  patientPhoneHref: z.string(),
  /** The visit's page (the patient's way back). */
  visitUrl: z.string(),
  socketUrl: z.string(),
});
export type RoomPage = z.infer<typeof RoomPageSchema>;

/** The longest text line message, in characters. */
export const ROOM_TEXT_MAX = 1000;
/** The largest socket message the server reads, in bytes (an SDP with every codec fits in 16 KB). */
export const ROOM_MESSAGE_MAX_BYTES = 32 * 1024;

const CandidateSchema = z.object({
  candidate: z.string().max(1000),
  sdpMid: z.string().max(64).nullable().optional(),
  sdpMLineIndex: z.number().int().min(0).max(64).nullable().optional(),
  usernameFragment: z.string().max(256).nullable().optional(),
});

/** What a browser in the room sends over the socket (besides the heartbeat's 'ping'). */
export const RoomClientMessageSchema = z.discriminatedUnion('type', [
  /** 'I am here' (on joining, and when the connection needs renegotiating): the doctor then offers. */
  z.object({ type: z.literal('hello'), reply: z.boolean().optional() }),
  z.object({
    type: z.literal('description'),
    description: z.object({ type: z.enum(['offer', 'answer']), sdp: z.string().max(ROOM_MESSAGE_MAX_BYTES) }),
  }),
  z.object({ type: z.literal('candidate'), candidate: CandidateSchema }),
  z.object({ type: z.literal('media'), camera: z.boolean(), microphone: z.boolean() }),
  z.object({ type: z.literal('text'), text: z.string().trim().min(1).max(ROOM_TEXT_MAX) }),
  /** Leaving on purpose ('Завершить'): the other side shows that, not a lost connection. */
  z.object({ type: z.literal('bye') }),
]);
export type RoomClientMessage = z.infer<typeof RoomClientMessageSchema>;

/** What the server sends: the welcome with the ICE servers, and the other side's messages with its role. */
export type RoomServerMessage =
  | { type: 'welcome'; role: 'patient' | 'doctor'; iceServers: IceServer[]; closesAt: string }
  | (RoomClientMessage & { from: 'patient' | 'doctor' })
  | { type: 'error'; detail: string };

/** Close codes of the room's socket; the page reacts to each (other codes: reconnect). */
export const ROOM_CLOSE = {
  /** The same side opened the room in another tab or device: this one stops. */
  replaced: 4001,
  /** The room closed (its time ended, or the visit was cancelled). */
  closed: 4002,
  /** Too many or too large messages. */
  abuse: 4003,
} as const;
