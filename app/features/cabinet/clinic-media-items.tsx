import { type ReactNode, useId, useState } from 'react';
import { CLINIC_MEDIA_TEXTS as T } from '../../../core/clinic/media';
import type { Call, ReplyOf } from '../../../core/http/call';
import { Button } from '../../components/ui/button';
import { Form, type FormCall, FormStatus } from '../../components/ui/form';
import type { Outcome } from '../../lib/use-call';
import { ImageField, MoveButtons, RemoveButton } from './clinic-media-parts';

/**
 * The clinic's licences and its equipment are one piece: a list of items, each with its fields
 * and an optional image, to add, change and remove (equipment also to order); every call answers
 * all the media, and one status line tells of the last.
 */

type Draft = { image: string | null };

/** A media call's outcome kept: the media it answered go to `onChange`; true when it went through. */
export async function keepMedia<C extends Call>(
  pending: Promise<Outcome<C>>,
  onChange: (media: ReplyOf<C>) => void,
): Promise<boolean> {
  const outcome = await pending;
  if (outcome.ok) onChange(outcome.reply);
  return outcome.ok;
}

/** An item's fields, its image, and the form's submit (and 'Отмена' when it changes a listed item). */
function MediaItemForm<D extends Draft>({
  initial,
  call,
  submit,
  imageLabel,
  fields,
  onSave,
  onCancel,
}: {
  initial: D;
  call: FormCall;
  submit: string;
  imageLabel: string;
  fields: (draft: D, set: (patch: Partial<D>) => void) => ReactNode;
  /** Answers whether the call went through. */
  onSave: (draft: D) => Promise<boolean>;
  onCancel?: () => void;
}) {
  const [draft, setDraft] = useState(initial);
  const set = (patch: Partial<D>) => setDraft((d) => ({ ...d, ...patch }));
  return (
    <Form
      call={call}
      className="flex flex-col gap-3"
      aria-label={submit}
      onSubmit={async () => {
        // The add form starts again empty; a listed item's form closes.
        if ((await onSave(draft)) && !onCancel) setDraft(initial);
      }}
    >
      {fields(draft, set)}
      <ImageField
        label={imageLabel}
        value={draft.image}
        disabled={call.busy}
        onChange={(image) => setDraft((d) => ({ ...d, image }))}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" busy={call.busy}>
          {submit}
        </Button>
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            {T.cancel}
          </Button>
        )}
      </div>
    </Form>
  );
}

export interface MediaItemsProps<Item extends { id: number }, D extends Draft> {
  texts: { title: string; lead: string; none: string; add: string; removeAsk: string; image: string };
  items: Item[];
  empty: D;
  draftOf: (item: Item) => D;
  fields: (draft: D, set: (patch: Partial<D>) => void) => ReactNode;
  /** The item as listed: its image and its words. */
  summary: (item: Item) => ReactNode;
  /** The item's name in its buttons' accessible names ('Изменить: {edit}', 'Убрать: {remove}'). */
  names: (item: Item) => { edit: string; remove: string };
  /** The section's calls (`useSectionCalls`), as the form's and the status line's. */
  call: FormCall;
  done?: string;
  onAdd: (draft: D) => Promise<boolean>;
  onSet: (id: number, draft: D) => Promise<boolean>;
  onRemove: (id: number) => void;
  /** An ordered list's 'Выше' / 'Ниже'. */
  onMove?: (id: number, direction: 'up' | 'down') => void;
}

/** A media section of items: the list (each changed in place), the add form, the status line. */
export function MediaItemsSection<Item extends { id: number }, D extends Draft>(
  props: MediaItemsProps<Item, D>,
) {
  const { texts, items, call, onMove } = props;
  const id = useId();
  const [editing, setEditing] = useState<number | null>(null);
  const List = onMove ? 'ol' : 'ul';
  return (
    <section className="card mt-4 flex flex-col gap-3 p-5" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className="text-lg font-semibold">
        {texts.title}
      </h2>
      <p className="text-sm text-ink-soft">{texts.lead}</p>
      {items.length === 0 ? (
        <p className="text-ink-soft">{texts.none}</p>
      ) : (
        <List className="flex flex-col gap-3" aria-label={texts.title}>
          {items.map((item, i) => {
            const names = props.names(item);
            return (
              <li key={item.id} className="rounded-lg border border-line p-3">
                {editing === item.id ? (
                  <MediaItemForm
                    initial={props.draftOf(item)}
                    call={call}
                    submit={T.save}
                    imageLabel={texts.image}
                    fields={props.fields}
                    onCancel={() => setEditing(null)}
                    onSave={async (draft) => {
                      const ok = await props.onSet(item.id, draft);
                      if (ok) setEditing(null);
                      return ok;
                    }}
                  />
                ) : (
                  <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
                    {props.summary(item)}
                    <div className="flex flex-wrap gap-2">
                      {onMove && (
                        <MoveButtons
                          name={names.remove}
                          first={i === 0}
                          last={i === items.length - 1}
                          busy={call.busy}
                          onMove={(direction) => onMove(item.id, direction)}
                        />
                      )}
                      <Button
                        variant="secondary"
                        disabled={call.busy}
                        aria-label={`${T.edit}: ${names.edit}`}
                        onClick={() => setEditing(item.id)}
                      >
                        {T.edit}
                      </Button>
                      <RemoveButton
                        name={names.remove}
                        question={texts.removeAsk}
                        busy={call.busy}
                        onRemove={() => props.onRemove(item.id)}
                      />
                    </div>
                  </div>
                )}
              </li>
            );
          })}
        </List>
      )}
      <div className="border-t border-line pt-3">
        <h3 className="mb-2 font-medium">{texts.add}</h3>
        <MediaItemForm
          initial={props.empty}
          call={call}
          submit={texts.add}
          imageLabel={texts.image}
          fields={props.fields}
          onSave={props.onAdd}
        />
      </div>
      {/* The image and the attributes show no messages of their own: every refusal reads here. */}
      <FormStatus call={call} fields="none" done={props.done} />
    </section>
  );
}
