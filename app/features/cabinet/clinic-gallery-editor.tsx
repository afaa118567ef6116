import { useId, useRef, useState } from 'react';
import {
  cabinetAddClinicPhoto,
  cabinetAddClinicVideo,
  cabinetMoveGalleryItem,
  cabinetRemoveGalleryItem,
  cabinetSetGalleryCaption,
} from '../../../core/cabinet/calls';
import type { ClinicMedia } from '../../../core/cabinet/clinic-page-contracts';
import { CLINIC_MEDIA_TEXTS as T } from '../../../core/clinic/media';
import { VIDEO_HOST_NAMES, videoUrlError } from '../../../core/clinic/video';
import { Button } from '../../components/ui/button';
import { Field, INPUT } from '../../components/ui/field';
import { Form, FormStatus } from '../../components/ui/form';
import { useCall } from '../../lib/use-call';
import { useHydrated } from '../../lib/use-hydrated';
import { keepMedia } from './clinic-media-items';
import { MoveButtons, RemoveButton } from './clinic-media-parts';
import { useSectionCalls } from './use-section-calls';

type Props = { media: ClinicMedia; onChange: (media: ClinicMedia) => void };

/** A photo's and a video's calls: added its own way, then captioned, ordered and removed alike. */
function useGalleryCalls<A extends typeof cabinetAddClinicPhoto | typeof cabinetAddClinicVideo>(add: A) {
  return useSectionCalls({
    add: useCall(add),
    caption: useCall(cabinetSetGalleryCaption),
    move: useCall(cabinetMoveGalleryItem),
    remove: useCall(cabinetRemoveGalleryItem),
  });
}
type GalleryCalls = ReturnType<typeof useGalleryCalls>;

/** A listed photo's or video's caption (saved by its own button), 'Выше' / 'Ниже' and 'Убрать'. */
function GalleryItemControls({
  item,
  name,
  first,
  last,
  removeAsk,
  removed,
  section,
  onChange,
}: {
  item: { id: number; caption: string };
  /** 'фото Холл', 'видео RuTube 2': the item in its buttons' names. */
  name: string;
  first: boolean;
  last: boolean;
  removeAsk: string;
  removed: string;
  section: GalleryCalls;
  onChange: (media: ClinicMedia) => void;
}) {
  const [caption, setCaption] = useState(item.caption);
  const params = { id: item.id };
  return (
    <>
      <Form
        call={section.form}
        className="flex flex-col gap-2 sm:flex-row sm:items-end"
        onSubmit={() =>
          void keepMedia(section.run('caption', { params, body: { caption } }, T.captionSaved), onChange)
        }
      >
        <Field label={T.caption} className="min-w-0 flex-1">
          {(control) => (
            <input
              {...control}
              className={INPUT}
              value={caption}
              maxLength={200}
              onChange={(event) => setCaption(event.currentTarget.value)}
            />
          )}
        </Field>
        <Button
          type="submit"
          variant="secondary"
          className="self-start sm:self-auto"
          disabled={section.busy || caption.trim() === item.caption}
        >
          {T.captionSave}
        </Button>
      </Form>
      <div className="flex flex-wrap gap-2">
        <MoveButtons
          name={name}
          first={first}
          last={last}
          busy={section.busy}
          onMove={(direction) =>
            void keepMedia(section.run('move', { params, body: { direction } }, T.moved), onChange)
          }
        />
        <RemoveButton
          name={name}
          question={removeAsk}
          busy={section.busy}
          onRemove={() => void keepMedia(section.run('remove', { params }, removed), onChange)}
        />
      </div>
    </>
  );
}

/** 'Фотографии клиники': upload (at once), caption, order, remove. */
export function ClinicPhotosEditor({ media, onChange }: Props) {
  const id = useId();
  // A file input is no Button: enabled once the page has hydrated, so a file chosen before is not lost.
  const hydrated = useHydrated();
  const file = useRef<HTMLInputElement>(null);
  const [caption, setCaption] = useState('');
  const section = useGalleryCalls(cabinetAddClinicPhoto);

  async function upload(chosen: File) {
    const body = new FormData();
    body.set('photo', chosen);
    body.set('caption', caption);
    if (await keepMedia(section.run('add', { body, timeoutMs: 60_000 }, T.photoAdded), onChange))
      setCaption('');
    if (file.current) file.current.value = '';
  }

  const photos = media.photos;
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
          {photos.map((p, i) => (
            <li key={p.id} className="flex flex-col gap-3 rounded-lg border border-line p-3 sm:flex-row">
              <img src={p.src} alt={p.caption} className="h-28 w-full rounded-md object-cover sm:w-40" />
              <div className="flex min-w-0 flex-1 flex-col gap-2">
                <GalleryItemControls
                  item={p}
                  name={`фото ${p.caption || `${i + 1}`}`}
                  first={i === 0}
                  last={i === photos.length - 1}
                  removeAsk={T.photoRemoveAsk}
                  removed={T.photoRemoved}
                  section={section}
                  onChange={onChange}
                />
              </div>
            </li>
          ))}
        </ol>
      )}
      <fieldset className="flex flex-col gap-2 border-t border-line pt-3" aria-label={T.photoUpload}>
        <Field label={T.caption}>
          {(control) => (
            <input
              {...control}
              className={INPUT}
              name="caption"
              value={caption}
              maxLength={200}
              onChange={(event) => setCaption(event.currentTarget.value)}
            />
          )}
        </Field>
        <label htmlFor={`${id}-file`} className="font-medium">
          {T.photoUpload}
        </label>
        <input
          ref={file}
          id={`${id}-file`}
          type="file"
          name="photo"
          accept="image/jpeg,image/png,image/webp"
          disabled={!hydrated || section.busy}
          className="max-w-full text-sm"
          onChange={(event) => {
            const chosen = event.currentTarget.files?.[0];
            if (chosen) void upload(chosen);
          }}
        />
        <p className="text-sm text-ink-soft">{section.busy ? T.photoUploading : T.photoHint}</p>
        <FormStatus call={section.form} fields="none" done={section.last?.done} />
      </fieldset>
    </section>
  );
}

/** 'Видео': a VK Video or RuTube link, a caption, order, remove. */
export function ClinicVideosEditor({ media, onChange }: Props) {
  const id = useId();
  const [url, setUrl] = useState('');
  const [caption, setCaption] = useState('');
  // The link's own check, before any call: another host is refused here.
  const [urlProblem, setUrlProblem] = useState<string | null>(null);
  const section = useGalleryCalls(cabinetAddClinicVideo);

  async function add() {
    const problem = videoUrlError(url);
    setUrlProblem(problem);
    if (problem) {
      section.reset();
      return;
    }
    if (await keepMedia(section.run('add', { body: { url, caption } }, T.videoAdded), onChange)) {
      setUrl('');
      setCaption('');
    }
  }

  const videos = media.videos;
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
          {videos.map((v, i) => (
            <li key={v.id} className="flex flex-col gap-2 rounded-lg border border-line p-3">
              <a
                href={v.watchUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="break-all text-brand hover:underline"
              >
                {v.watchUrl}
              </a>
              <GalleryItemControls
                item={v}
                name={`видео ${v.caption || `${VIDEO_HOST_NAMES[v.host]} ${i + 1}`}`}
                first={i === 0}
                last={i === videos.length - 1}
                removeAsk={T.videoRemoveAsk}
                removed={T.videoRemoved}
                section={section}
                onChange={onChange}
              />
            </li>
          ))}
        </ol>
      )}
      <Form
        call={section.form}
        onSubmit={add}
        className="flex flex-col gap-2 border-t border-line pt-3"
        aria-label={T.videoAdd}
      >
        <Field label={T.videoUrl}>
          {(control) => (
            <input
              {...control}
              className={INPUT}
              name="url"
              inputMode="url"
              placeholder="https://youtu.be/…"
              value={url}
              onChange={(event) => {
                setUrl(event.currentTarget.value);
                setUrlProblem(null);
                section.reset();
              }}
            />
          )}
        </Field>
        <Field label={T.caption}>
          {(control) => (
            <input
              {...control}
              className={INPUT}
              name="caption"
              value={caption}
              maxLength={200}
              onChange={(event) => setCaption(event.currentTarget.value)}
            />
          )}
        </Field>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" busy={section.busy}>
            {T.videoAdd}
          </Button>
          {urlProblem ? (
            <p role="alert" className="text-error">
              {urlProblem}
            </p>
          ) : (
            <FormStatus call={section.form} fields="none" done={section.last?.done} />
          )}
        </div>
      </Form>
    </section>
  );
}
