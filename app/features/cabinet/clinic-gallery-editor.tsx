import { useId, useRef, useState } from 'react';
import {
  cabinetAddClinicPhoto,
  cabinetAddClinicVideo,
  cabinetMoveGalleryItem,
  cabinetRemoveGalleryItem,
  cabinetSetGalleryCaption,
} from '../../../core/cabinet/calls';
import type { ClinicMedia, GalleryPhoto, GalleryVideo } from '../../../core/cabinet/clinic-page-contracts';
import { CLINIC_MEDIA_TEXTS as T } from '../../../core/clinic/media';
import { VIDEO_HOST_NAMES, videoUrlError } from '../../../core/clinic/video';
import { api } from '../../lib/api';
import { useHydrated } from '../../lib/use-hydrated';
import { MoveButtons, problemOf, RemoveButton } from './clinic-media-parts';
import { FIELD, type Note, PRIMARY, SECONDARY, StatusNote } from './clinic-page-form';

type Props = { media: ClinicMedia; onChange: (media: ClinicMedia) => void };

/** Runs one media call at a time, keeps what it answered and says how it went. */
export function useMediaCall(onChange: (media: ClinicMedia) => void) {
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<Note>(null);
  async function run(call: () => Promise<ClinicMedia>, ok: string): Promise<boolean> {
    setBusy(true);
    setNote(null);
    try {
      onChange(await call());
      setNote({ ok: true, text: ok });
      return true;
    } catch (err) {
      setNote({ ok: false, text: problemOf(err) });
      return false;
    } finally {
      setBusy(false);
    }
  }
  return { busy, note, setNote, run };
}

/** A photo's or a video's caption, saved by its own button. */
function CaptionField({
  item,
  busy,
  onSave,
}: {
  item: { id: number; caption: string };
  busy: boolean;
  onSave: (caption: string) => void;
}) {
  const id = useId();
  const [caption, setCaption] = useState(item.caption);
  return (
    <form
      className="flex flex-col gap-2 sm:flex-row sm:items-end"
      onSubmit={(event) => {
        event.preventDefault();
        onSave(caption);
      }}
    >
      <label htmlFor={id} className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="text-sm text-ink-soft">{T.caption}</span>
        <input
          id={id}
          className={FIELD}
          value={caption}
          maxLength={200}
          onChange={(event) => setCaption(event.currentTarget.value)}
        />
      </label>
      <button
        type="submit"
        className={`${SECONDARY} self-start sm:self-auto`}
        disabled={busy || caption.trim() === item.caption}
      >
        {T.captionSave}
      </button>
    </form>
  );
}

/** 'Фотографии клиники': upload (at once), caption, order, remove. */
export function ClinicPhotosEditor({ media, onChange }: Props) {
  const id = useId();
  const hydrated = useHydrated();
  const file = useRef<HTMLInputElement>(null);
  const [caption, setCaption] = useState('');
  const { busy, note, run } = useMediaCall(onChange);

  async function upload(chosen: File) {
    const body = new FormData();
    body.set('photo', chosen);
    body.set('caption', caption);
    const ok = await run(() => api.send(cabinetAddClinicPhoto, { body, timeoutMs: 60_000 }), T.photoAdded);
    if (ok) setCaption('');
    if (file.current) file.current.value = '';
  }

  const photos: GalleryPhoto[] = media.photos;
  return (
    <section className="card mt-4 flex flex-col gap-3 p-5" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className="text-lg font-semibold">
        {T.photosTitle}
      </h2>
      <p className="text-sm text-ink-soft">{T.photosLead}</p>
      {photos.length === 0 ? (
        <p className="text-ink-soft">{T.photosNone}</p>
      ) : (
        <ol className="flex flex-col gap-3" aria-label={T.photosTitle}>
          {photos.map((p, i) => {
            const name = p.caption || `${i + 1}`;
            return (
              <li key={p.id} className="flex flex-col gap-3 rounded-lg border border-line p-3 sm:flex-row">
                <img src={p.src} alt={p.caption} className="h-28 w-full rounded-md object-cover sm:w-40" />
                <div className="flex min-w-0 flex-1 flex-col gap-2">
                  <CaptionField
                    item={p}
                    busy={busy}
                    onSave={(text) =>
                      void run(
                        () =>
                          api.send(cabinetSetGalleryCaption, {
                            params: { id: p.id },
                            body: { caption: text },
                          }),
                        T.captionSaved,
                      )
                    }
                  />
                  <div className="flex flex-wrap gap-2">
                    <MoveButtons
                      name={`фото ${name}`}
                      first={i === 0}
                      last={i === photos.length - 1}
                      busy={busy}
                      onMove={(direction) =>
                        void run(
                          () =>
                            api.send(cabinetMoveGalleryItem, { params: { id: p.id }, body: { direction } }),
                          T.moved,
                        )
                      }
                    />
                    <RemoveButton
                      name={`фото ${name}`}
                      question={T.photoRemoveAsk}
                      busy={busy}
                      onRemove={() =>
                        void run(
                          () => api.send(cabinetRemoveGalleryItem, { params: { id: p.id } }),
                          T.photoRemoved,
                        )
                      }
                    />
                  </div>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <fieldset className="flex flex-col gap-2 border-t border-line pt-3" aria-label={T.photoUpload}>
        <label className="flex flex-col gap-1">
          <span className="text-sm text-ink-soft">{T.caption}</span>
          <input
            className={FIELD}
            name="caption"
            value={caption}
            maxLength={200}
            onChange={(event) => setCaption(event.currentTarget.value)}
          />
        </label>
        <label htmlFor={`${id}-file`} className="font-medium">
          {T.photoUpload}
        </label>
        <input
          ref={file}
          id={`${id}-file`}
          type="file"
          name="photo"
          accept="image/jpeg,image/png,image/webp"
          disabled={!hydrated || busy}
          className="max-w-full text-sm"
          onChange={(event) => {
            const chosen = event.currentTarget.files?.[0];
            if (chosen) void upload(chosen);
          }}
        />
        <p className="text-sm text-ink-soft">{busy ? T.photoUploading : T.photoHint}</p>
        <StatusNote note={note} />
      </fieldset>
    </section>
  );
}

/** 'Видео': a VK Video or RuTube link, a caption, order, remove. */
export function ClinicVideosEditor({ media, onChange }: Props) {
  const id = useId();
  const [url, setUrl] = useState('');
  const [caption, setCaption] = useState('');
  const { busy, note, setNote, run } = useMediaCall(onChange);

  async function add() {
    const refusal = videoUrlError(url);
    if (refusal) {
      setNote({ ok: false, text: refusal });
      return;
    }
    if (await run(() => api.send(cabinetAddClinicVideo, { body: { url, caption } }), T.videoAdded)) {
      setUrl('');
      setCaption('');
    }
  }

  const videos: GalleryVideo[] = media.videos;
  return (
    <section className="card mt-4 flex flex-col gap-3 p-5" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className="text-lg font-semibold">
        {T.videosTitle}
      </h2>
      <p className="text-sm text-ink-soft">{T.videosLead}</p>
      {videos.length === 0 ? (
        <p className="text-ink-soft">{T.videosNone}</p>
      ) : (
        <ol className="flex flex-col gap-3" aria-label={T.videosTitle}>
          {videos.map((v, i) => {
            const name = v.caption || `${VIDEO_HOST_NAMES[v.host]} ${i + 1}`;
            return (
              <li key={v.id} className="flex flex-col gap-2 rounded-lg border border-line p-3">
                <a
                  href={v.watchUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="break-all text-brand hover:underline"
                >
                  {v.watchUrl}
                </a>
                <CaptionField
                  item={v}
                  busy={busy}
                  onSave={(text) =>
                    void run(
                      () =>
                        api.send(cabinetSetGalleryCaption, { params: { id: v.id }, body: { caption: text } }),
                      T.captionSaved,
                    )
                  }
                />
                <div className="flex flex-wrap gap-2">
                  <MoveButtons
                    name={`видео ${name}`}
                    first={i === 0}
                    last={i === videos.length - 1}
                    busy={busy}
                    onMove={(direction) =>
                      void run(
                        () => api.send(cabinetMoveGalleryItem, { params: { id: v.id }, body: { direction } }),
                        T.moved,
                      )
                    }
                  />
                  <RemoveButton
                    name={`видео ${name}`}
                    question={T.videoRemoveAsk}
                    busy={busy}
                    onRemove={() =>
                      void run(
                        () => api.send(cabinetRemoveGalleryItem, { params: { id: v.id } }),
                        T.videoRemoved,
                      )
                    }
                  />
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <form
        className="flex flex-col gap-2 border-t border-line pt-3"
        aria-label={T.videoAdd}
        onSubmit={(event) => {
          event.preventDefault();
          void add();
        }}
      >
        <label className="flex flex-col gap-1">
          <span className="text-sm text-ink-soft">{T.videoUrl}</span>
          <input
            className={FIELD}
            name="url"
            inputMode="url"
            placeholder="https://youtu.be/…"
            value={url}
            onChange={(event) => {
              setUrl(event.currentTarget.value);
              setNote(null);
            }}
          />
        </label>
        <label className="flex flex-col gap-1">
          <span className="text-sm text-ink-soft">{T.caption}</span>
          <input
            className={FIELD}
            name="caption"
            value={caption}
            maxLength={200}
            onChange={(event) => setCaption(event.currentTarget.value)}
          />
        </label>
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className={PRIMARY} disabled={busy}>
            {T.videoAdd}
          </button>
          <StatusNote note={note} />
        </div>
      </form>
    </section>
  );
}
