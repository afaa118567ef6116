import { type ReactNode, useId, useRef, useState } from 'react';
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
        <CaptionField value={caption} onChange={setCaption} className="min-w-0 flex-1" />
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

/** 'Подпись': a photo's or a video's caption, up to 200 characters. */
function CaptionField({
  value,
  onChange,
  name,
  className,
}: {
  value: string;
  onChange: (caption: string) => void;
  name?: string;
  className?: string;
}) {
  return (
    <Field label={T.caption} className={className}>
      {(control) => (
        <input
          {...control}
          className={INPUT}
          name={name}
          value={value}
          maxLength={200}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      )}
    </Field>
  );
}

/** A gallery's words: its title, lead and empty text, the removal's question and its outcome. */
type GalleryTexts = { title: string; lead: string; none: string; removeAsk: string; removed: string };

const PHOTOS: GalleryTexts = {
  title: T.photosTitle,
  lead: T.photosLead,
  none: T.photosNone,
  removeAsk: T.photoRemoveAsk,
  removed: T.photoRemoved,
};

const VIDEOS: GalleryTexts = {
  title: T.videosTitle,
  lead: T.videosLead,
  none: T.videosNone,
  removeAsk: T.videoRemoveAsk,
  removed: T.videoRemoved,
};

/**
 * A gallery's section: its title and lead, its items in order (or the text for none), each drawn
 * by `layout` around its controls, then the form that adds one (`children`).
 */
function GallerySection<I extends { id: number; caption: string }>({
  texts: { title, lead, none, removeAsk, removed },
  items,
  itemClassName,
  name,
  layout,
  section,
  onChange,
  children,
}: {
  texts: GalleryTexts;
  items: readonly I[];
  itemClassName: string;
  /** The item in its buttons' names ('фото Холл'). */
  name: (item: I, i: number) => string;
  layout: (item: I, controls: ReactNode) => ReactNode;
  section: GalleryCalls;
  onChange: (media: ClinicMedia) => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section className="card mt-4 flex flex-col gap-3 p-5" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className="text-lg font-semibold">
        {title}
      </h2>
      <p className="text-sm text-ink-soft">{lead}</p>
      {items.length === 0 ? (
        <p className="text-ink-soft">{none}</p>
      ) : (
        <ol className="flex flex-col gap-3" aria-label={title}>
          {items.map((item, i) => (
            <li key={item.id} className={itemClassName}>
              {layout(
                item,
                <GalleryItemControls
                  item={item}
                  name={name(item, i)}
                  first={i === 0}
                  last={i === items.length - 1}
                  removeAsk={removeAsk}
                  removed={removed}
                  section={section}
                  onChange={onChange}
                />,
              )}
            </li>
          ))}
        </ol>
      )}
      {children}
    </section>
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

  return (
    <GallerySection
      texts={PHOTOS}
      items={media.photos}
      itemClassName="flex flex-col gap-3 rounded-lg border border-line p-3 sm:flex-row"
      name={(p, i) => `фото ${p.caption || `${i + 1}`}`}
      layout={(p, controls) => (
        <>
          <img src={p.src} alt={p.caption} className="h-28 w-full rounded-md object-cover sm:w-40" />
          <div className="flex min-w-0 flex-1 flex-col gap-2">{controls}</div>
        </>
      )}
      section={section}
      onChange={onChange}
    >
      <fieldset className="flex flex-col gap-2 border-t border-line pt-3" aria-label={T.photoUpload}>
        <CaptionField name="caption" value={caption} onChange={setCaption} />
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
    </GallerySection>
  );
}

/** 'Видео': a VK Video or RuTube link, a caption, order, remove. */
export function ClinicVideosEditor({ media, onChange }: Props) {
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

  return (
    <GallerySection
      texts={VIDEOS}
      items={media.videos}
      itemClassName="flex flex-col gap-2 rounded-lg border border-line p-3"
      name={(v, i) => `видео ${v.caption || `${VIDEO_HOST_NAMES[v.host]} ${i + 1}`}`}
      layout={(v, controls) => (
        <>
          <a
            href={v.watchUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="break-all text-brand hover:underline"
          >
            {v.watchUrl}
          </a>
          {controls}
        </>
      )}
      section={section}
      onChange={onChange}
    >
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
        <CaptionField name="caption" value={caption} onChange={setCaption} />
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
    </GallerySection>
  );
}
