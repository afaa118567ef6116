import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ROOM_TEXT_MAX, type RoomPage } from '../../../core/online/contracts';
import { ROOM_TEXTS } from '../../../core/online/texts';
import { Button } from '../../components/ui/button';
import { type RoomState, useRoom } from './use-room';

const STATE_TEXT: Record<RoomState, string> = {
  connecting: ROOM_TEXTS.connecting,
  waiting: ROOM_TEXTS.waiting,
  connected: ROOM_TEXTS.connected,
  reconnecting: ROOM_TEXTS.reconnecting,
  'peer-left': ROOM_TEXTS.peerLeft,
  replaced: ROOM_TEXTS.replaced,
  closed: ROOM_TEXTS.over,
  left: 'Вы вышли из консультации',
};

/** A video element showing a stream (srcObject is no attribute, so it is set after render). */
function StreamVideo({
  stream,
  muted,
  label,
  className,
  remote,
}: {
  stream: MediaStream | null;
  muted: boolean;
  label: string;
  className: string;
  remote?: boolean;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (ref.current && ref.current.srcObject !== stream) ref.current.srcObject = stream;
  }, [stream]);
  return (
    <video
      ref={ref}
      autoPlay
      playsInline
      muted={muted}
      aria-label={label}
      data-remote={remote ? '' : undefined}
      className={className}
    />
  );
}

/** Links in a line become links (http and https only); the rest stays text. */
function LineText({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/[^\s<>"]+)/g);
  return (
    <>
      {parts.map((part, i) =>
        /^https?:\/\//.test(part) ? (
          <a
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, in order
            key={i}
            href={part}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="break-all text-brand underline"
          >
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </>
  );
}

/**
 * The open consultation room (docs/product/online-room.md): the other side's video with this
 * side's own in a corner, the camera and microphone switches, the connection's state in words,
 * the phone to fall back on, and the text line for links and notes (relayed, never kept).
 */
export function OnlineRoom({ room, relayOnly }: { room: RoomPage; relayOnly: boolean }) {
  const r = useRoom({ socketUrl: room.socketUrl, role: room.role, relayOnly });
  const [draft, setDraft] = useState('');
  const ended = r.state === 'left' || r.state === 'closed' || r.state === 'replaced';
  const peer = room.role === 'doctor' ? room.patientName : room.doctorName;

  function submit(event: FormEvent) {
    event.preventDefault();
    const text = draft.trim();
    if (text && r.say(text)) setDraft('');
  }

  return (
    <div className="mt-4 grid gap-4 lg:grid-cols-[1fr_20rem]">
      <section aria-label="Видео" className="flex flex-col gap-3">
        <p
          role="status"
          aria-live="polite"
          data-testid="room-state"
          data-state={r.state}
          className={`rounded-lg px-3 py-2 text-sm font-medium ${
            r.state === 'connected'
              ? 'bg-success/10 text-success'
              : r.state === 'reconnecting'
                ? 'bg-error/10 text-error'
                : 'bg-canvas text-ink'
          }`}
        >
          {STATE_TEXT[r.state]}
          {r.state === 'connected' && r.route && (
            <span className="font-normal text-ink-soft" data-testid="room-route" data-route={r.route}>
              {' '}
              · {r.route === 'relay' ? 'через сервер-посредник' : 'напрямую'}
            </span>
          )}
        </p>
        {r.noMedia && (
          <p role="alert" className="text-sm text-error">
            {ROOM_TEXTS.noMedia}
          </p>
        )}
        {r.notice && (
          <p role="alert" className="text-sm text-error">
            {r.notice}
          </p>
        )}
        <div className="relative aspect-video w-full overflow-hidden rounded-xl bg-ink">
          <StreamVideo
            stream={r.remote}
            muted={false}
            remote
            label={`Видео: ${peer}`}
            className="h-full w-full object-contain"
          />
          {(!r.remote || !r.peerMedia.camera) && (
            <p className="absolute inset-0 flex items-center justify-center p-4 text-center text-white">
              {r.remote && !r.peerMedia.camera ? ROOM_TEXTS.peerCameraOff : peer}
            </p>
          )}
          {r.remote && !r.peerMedia.microphone && (
            <p className="absolute left-2 top-2 rounded bg-black/60 px-2 py-1 text-xs text-white">
              {ROOM_TEXTS.peerMicrophoneOff}
            </p>
          )}
          <StreamVideo
            stream={r.local}
            muted
            label="Ваше видео"
            className="absolute bottom-2 right-2 aspect-video w-1/3 max-w-48 rounded-lg border-2 border-white bg-black object-cover"
          />
        </div>
        <div className="flex flex-wrap gap-2">
          {!ended && (
            <>
              <Button
                variant="secondary"
                aria-pressed={!r.camera}
                disabled={!r.local?.getVideoTracks().length}
                onClick={r.toggleCamera}
              >
                {r.camera ? ROOM_TEXTS.cameraOff : ROOM_TEXTS.cameraOn}
              </Button>
              <Button
                variant="secondary"
                aria-pressed={!r.microphone}
                disabled={!r.local?.getAudioTracks().length}
                onClick={r.toggleMicrophone}
              >
                {r.microphone ? ROOM_TEXTS.microphoneOff : ROOM_TEXTS.microphoneOn}
              </Button>
              <Button variant="danger" onClick={r.leave}>
                {ROOM_TEXTS.leave}
              </Button>
            </>
          )}
          {(r.state === 'left' || r.state === 'replaced') && (
            <Button onClick={() => window.location.reload()}>{ROOM_TEXTS.rejoin}</Button>
          )}
        </div>
        <div className="card p-4 text-sm">
          {room.role === 'doctor' ? (
            <p>
              {ROOM_TEXTS.doctorFallback}{' '}
              <a href={room.patientPhoneHref} className="font-semibold text-brand hover:underline">
                {ROOM_TEXTS.callPatient}: {room.patientPhone}
              </a>
            </p>
          ) : (
            <p>{ROOM_TEXTS.patientFallback(room.patientPhone)}</p>
          )}
          <p className="mt-2 text-ink-soft">
            {room.role === 'doctor' ? ROOM_TEXTS.privacyDoctor : ROOM_TEXTS.privacy}
          </p>
        </div>
      </section>
      <section aria-labelledby="room-chat" className="card flex flex-col gap-2 p-4">
        <h2 id="room-chat" className="font-semibold">
          {ROOM_TEXTS.chatTitle}
        </h2>
        <p className="text-xs text-ink-soft">{ROOM_TEXTS.chatHint}</p>
        <ul aria-live="polite" className="flex max-h-72 min-h-24 flex-col gap-1 overflow-y-auto text-sm">
          {r.lines.map((line) => (
            <li
              key={line.id}
              className={`rounded-lg px-2 py-1 ${line.mine ? 'self-end bg-brand-soft' : 'self-start bg-canvas'}`}
            >
              <span className="sr-only">{line.mine ? 'Вы: ' : `${peer}: `}</span>
              <LineText text={line.text} />
            </li>
          ))}
        </ul>
        <form onSubmit={submit} className="flex gap-2">
          <label className="sr-only" htmlFor="room-line">
            {ROOM_TEXTS.chatLabel}
          </label>
          <input
            id="room-line"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            maxLength={ROOM_TEXT_MAX}
            disabled={ended}
            autoComplete="off"
            placeholder={ROOM_TEXTS.chatLabel}
            className="min-h-10 min-w-0 flex-1 rounded-lg border border-line px-3 py-2"
          />
          <Button type="submit" disabled={ended || !draft.trim()}>
            {ROOM_TEXTS.chatSend}
          </Button>
        </form>
      </section>
    </div>
  );
}
