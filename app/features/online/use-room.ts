import { useCallback, useEffect, useRef, useState } from 'react';
import {
  type IceServer,
  ROOM_CLOSE,
  type RoomClientMessage,
  type RoomServerMessage,
} from '../../../core/online/contracts';
import type { RoomRole } from '../../../core/online/room';

/**
 * Where the call stands, as the page tells it: connecting to the room, waiting for the other
 * side, connected, lost and reconnecting, the other side left, this tab replaced by another,
 * the room closed, or this side left ('Завершить').
 */
export type RoomState =
  | 'connecting'
  | 'waiting'
  | 'connected'
  | 'reconnecting'
  | 'peer-left'
  | 'replaced'
  | 'closed'
  | 'left';

/** How the media go: straight between the two browsers, or through the TURN relay. */
export type RoomRoute = 'direct' | 'relay' | null;

export interface RoomLine {
  id: number;
  mine: boolean;
  text: string;
}

/** How long a lost media connection may try to come back by itself before the call is renegotiated. */
const DISCONNECTED_GRACE_MS = 4000;
/** The socket's heartbeat (load balancers close idle connections). */
const PING_MS = 20_000;

/**
 * One side of the consultation (docs/product/online-room.md, ADR 043): the camera and the
 * microphone, the socket that relays signalling, and the RTCPeerConnection. The doctor always
 * makes the offer, the patient answers, so the two never offer at once. Either side says
 * 'hello' on (re)joining and when its media connection failed: the doctor then starts a new
 * connection. A dropped socket reconnects by itself; so does a lost media connection.
 */
export function useRoom({
  socketUrl,
  role,
  relayOnly,
}: {
  socketUrl: string;
  role: RoomRole;
  /** Media only through the TURN relay (`?relay=1`): the other side never learns this one's address. */
  relayOnly: boolean;
}) {
  const [state, setState] = useState<RoomState>('connecting');
  const [route, setRoute] = useState<RoomRoute>(null);
  const [local, setLocal] = useState<MediaStream | null>(null);
  const [remote, setRemote] = useState<MediaStream | null>(null);
  const [noMedia, setNoMedia] = useState(false);
  const [camera, setCamera] = useState(true);
  const [microphone, setMicrophone] = useState(true);
  const [peerMedia, setPeerMedia] = useState({ camera: true, microphone: true });
  const [lines, setLines] = useState<RoomLine[]>([]);
  const [notice, setNotice] = useState<string | null>(null);

  // Everything the socket's and the connection's handlers share, outside React's renders.
  const live = useRef({
    socket: null as WebSocket | null,
    pc: null as RTCPeerConnection | null,
    stream: null as MediaStream | null,
    iceServers: [] as IceServer[],
    pending: [] as RTCIceCandidateInit[],
    stopped: false,
    retries: 0,
    lineId: 0,
    grace: null as ReturnType<typeof setTimeout> | null,
    media: { camera: true, microphone: true },
  });

  const send = useCallback((message: RoomClientMessage) => {
    const socket = live.current.socket;
    if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  }, []);

  useEffect(() => {
    const l = live.current;
    l.stopped = false;
    let reconnectTimer: ReturnType<typeof setTimeout> | null = null;
    let ping: ReturnType<typeof setInterval> | null = null;

    const closePc = () => {
      if (l.grace) clearTimeout(l.grace);
      l.grace = null;
      l.pc?.close();
      l.pc = null;
      l.pending = [];
      setRemote(null);
      setRoute(null);
    };

    /** Which candidate pair carries the media: the local side's type says relay or not. */
    const readRoute = async (pc: RTCPeerConnection) => {
      const stats = await pc.getStats();
      let pairId: string | undefined;
      stats.forEach((s) => {
        if (s.type === 'transport' && s.selectedCandidatePairId) pairId = s.selectedCandidatePairId;
      });
      stats.forEach((s) => {
        if (!pairId && s.type === 'candidate-pair' && s.nominated && s.state === 'succeeded') pairId = s.id;
      });
      const pair = pairId ? stats.get(pairId) : undefined;
      const localCandidate = pair ? stats.get(pair.localCandidateId) : undefined;
      const remoteCandidate = pair ? stats.get(pair.remoteCandidateId) : undefined;
      if (!localCandidate) return;
      setRoute(
        localCandidate.candidateType === 'relay' || remoteCandidate?.candidateType === 'relay'
          ? 'relay'
          : 'direct',
      );
    };

    const newPc = () => {
      closePc();
      const pc = new RTCPeerConnection({
        iceServers: l.iceServers,
        iceTransportPolicy: relayOnly ? 'relay' : 'all',
      });
      l.pc = pc;
      const tracks = l.stream?.getTracks() ?? [];
      for (const track of tracks) pc.addTrack(track, l.stream as MediaStream);
      // Without a camera or a microphone this side still receives the other's.
      if (!tracks.some((t) => t.kind === 'audio')) pc.addTransceiver('audio', { direction: 'recvonly' });
      if (!tracks.some((t) => t.kind === 'video')) pc.addTransceiver('video', { direction: 'recvonly' });
      pc.onicecandidate = ({ candidate }) => {
        if (!candidate || pc !== l.pc) return;
        const { sdpMid, sdpMLineIndex, usernameFragment } = candidate;
        send({
          type: 'candidate',
          candidate: { candidate: candidate.candidate, sdpMid, sdpMLineIndex, usernameFragment },
        });
      };
      pc.ontrack = ({ streams, track }) => {
        if (pc !== l.pc) return;
        const stream = streams[0] ?? new MediaStream([track]);
        setRemote(stream);
      };
      pc.onconnectionstatechange = () => {
        if (pc !== l.pc) return;
        const s = pc.connectionState;
        if (s === 'connected') {
          if (l.grace) clearTimeout(l.grace);
          l.grace = null;
          setState('connected');
          send({ type: 'media', ...l.media });
          void readRoute(pc).catch(() => {});
        } else if (s === 'disconnected') {
          setState('reconnecting');
          if (!l.grace) l.grace = setTimeout(() => pc === l.pc && restart(), DISCONNECTED_GRACE_MS);
        } else if (s === 'failed') {
          setState('reconnecting');
          restart();
        }
      };
      return pc;
    };

    /** The doctor's side: a new connection and its offer. */
    const call = async () => {
      const pc = newPc();
      const offer = await pc.createOffer();
      if (pc !== l.pc) return;
      await pc.setLocalDescription(offer);
      send({ type: 'description', description: { type: 'offer', sdp: pc.localDescription?.sdp ?? '' } });
    };

    /** A lost media connection: the doctor calls again, the patient asks the doctor to. */
    const restart = () => {
      if (l.stopped) return;
      if (role === 'doctor') void call().catch(() => {});
      else {
        closePc();
        send({ type: 'hello' });
      }
    };

    const onMessage = async (message: RoomServerMessage) => {
      switch (message.type) {
        case 'welcome':
          l.iceServers = message.iceServers;
          l.retries = 0;
          setState((s) => (s === 'connected' ? s : 'waiting'));
          send({ type: 'hello' });
          return;
        case 'hello':
          if (!message.reply) send({ type: 'hello', reply: true });
          setNotice(null);
          setState((s) => (s === 'connected' ? 'reconnecting' : 'connecting'));
          if (role === 'doctor') await call();
          else closePc();
          return;
        case 'description': {
          if (message.description.type === 'offer' && role === 'patient') {
            const pc = newPc();
            await pc.setRemoteDescription(message.description);
            for (const c of l.pending.splice(0)) await pc.addIceCandidate(c).catch(() => {});
            const answer = await pc.createAnswer();
            if (pc !== l.pc) return;
            await pc.setLocalDescription(answer);
            send({
              type: 'description',
              description: { type: 'answer', sdp: pc.localDescription?.sdp ?? '' },
            });
          } else if (message.description.type === 'answer' && role === 'doctor') {
            const pc = l.pc;
            if (pc?.signalingState !== 'have-local-offer') return;
            await pc.setRemoteDescription(message.description);
            for (const c of l.pending.splice(0)) await pc.addIceCandidate(c).catch(() => {});
          }
          return;
        }
        case 'candidate': {
          const pc = l.pc;
          if (!pc?.remoteDescription) l.pending.push(message.candidate);
          else await pc.addIceCandidate(message.candidate).catch(() => {});
          return;
        }
        case 'media':
          setPeerMedia({ camera: message.camera, microphone: message.microphone });
          return;
        case 'text':
          setLines((all) => [...all, { id: ++l.lineId, mine: false, text: message.text }]);
          return;
        case 'bye':
          closePc();
          setState('peer-left');
          return;
        case 'error':
          setNotice(message.detail);
          return;
      }
    };

    const connect = () => {
      if (l.stopped) return;
      const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
      const socket = new WebSocket(`${scheme}://${window.location.host}${socketUrl}`);
      l.socket = socket;
      socket.onmessage = (event) => {
        if (event.data === 'pong') return;
        let message: RoomServerMessage;
        try {
          message = JSON.parse(String(event.data));
        } catch {
          return;
        }
        void onMessage(message).catch(() => {});
      };
      socket.onclose = (event) => {
        if (socket !== l.socket || l.stopped) return;
        l.socket = null;
        if (event.code === ROOM_CLOSE.replaced) {
          l.stopped = true;
          closePc();
          setState('replaced');
          return;
        }
        if (event.code === ROOM_CLOSE.closed) {
          l.stopped = true;
          closePc();
          setState('closed');
          return;
        }
        // Anything else (a restarted server, a lost network, a refused handshake): try again,
        // less often each time. The media may well still flow meanwhile.
        setState((s) => (s === 'connected' ? s : 'reconnecting'));
        const delay = Math.min(10_000, 1000 * 2 ** l.retries++);
        reconnectTimer = setTimeout(connect, delay);
      };
    };

    // Started on the next tick: a development build mounts, unmounts and mounts again at once
    // (StrictMode), and the camera must be asked for once, by the mount that stays.
    const start = setTimeout(async () => {
      try {
        l.stream = await navigator.mediaDevices.getUserMedia({ video: true, audio: true });
      } catch {
        try {
          // No camera (or it is refused): the voice alone.
          l.stream = await navigator.mediaDevices.getUserMedia({ audio: true });
          l.media.camera = false;
          setCamera(false);
        } catch {
          l.stream = null;
        }
        setNoMedia(true);
      }
      if (l.stopped) {
        for (const t of l.stream?.getTracks() ?? []) t.stop();
        return;
      }
      setLocal(l.stream);
      connect();
      ping = setInterval(() => {
        if (l.socket?.readyState === WebSocket.OPEN) l.socket.send('ping');
      }, PING_MS);
    }, 0);

    return () => {
      clearTimeout(start);
      l.stopped = true;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      if (ping) clearInterval(ping);
      closePc();
      l.socket?.close(1000);
      l.socket = null;
      for (const t of l.stream?.getTracks() ?? []) t.stop();
      l.stream = null;
    };
  }, [socketUrl, role, relayOnly, send]);

  const toggle = useCallback(
    (kind: 'camera' | 'microphone') => {
      const l = live.current;
      const on = !l.media[kind];
      const tracks = kind === 'camera' ? l.stream?.getVideoTracks() : l.stream?.getAudioTracks();
      if (!tracks?.length) return;
      for (const t of tracks) t.enabled = on;
      l.media = { ...l.media, [kind]: on };
      (kind === 'camera' ? setCamera : setMicrophone)(on);
      send({ type: 'media', ...l.media });
    },
    [send],
  );

  const say = useCallback(
    (text: string) => {
      const l = live.current;
      if (l.socket?.readyState !== WebSocket.OPEN) return false;
      send({ type: 'text', text });
      setLines((all) => [...all, { id: ++l.lineId, mine: true, text }]);
      return true;
    },
    [send],
  );

  const leave = useCallback(() => {
    const l = live.current;
    send({ type: 'bye' });
    l.stopped = true;
    l.pc?.close();
    l.pc = null;
    l.socket?.close(1000);
    for (const t of l.stream?.getTracks() ?? []) t.stop();
    setLocal(null);
    setRemote(null);
    setState('left');
  }, [send]);

  return {
    state,
    route,
    local,
    remote,
    noMedia,
    camera,
    microphone,
    peerMedia,
    lines,
    notice,
    toggleCamera: () => toggle('camera'),
    toggleMicrophone: () => toggle('microphone'),
    say,
    leave,
  };
}
