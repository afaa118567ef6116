import { useId, useState } from 'react';
import { cabinetSetClinicAbout } from '../../../core/cabinet/calls';
import type { ClinicAbout } from '../../../core/cabinet/clinic-page-contracts';
import { CLINIC_PAGE_LIMITS as L, CLINIC_PAGE_TEXTS as T } from '../../../core/clinic/page-editor';
import { formatPhone } from '../../../core/phone/format';
import { Button } from '../../components/ui/button';
import { Field, INPUT } from '../../components/ui/field';
import { Form } from '../../components/ui/form';
import { useCall } from '../../lib/use-call';
import { SaveRow } from './save-row';

/** 'О клинике' in the clinic's cabinet: the description, up to five phones and the website. */
export function ClinicAboutEditor({ about }: { about: ClinicAbout }) {
  const id = useId();
  const [description, setDescription] = useState(about.description);
  const [phones, setPhones] = useState<string[]>(about.phones.length ? about.phones.map(formatPhone) : ['']);
  const [website, setWebsite] = useState(about.website);
  const save = useCall(cabinetSetClinicAbout);

  async function submit() {
    const outcome = await save.run({ body: { description, phones, website } });
    if (!outcome.ok) return;
    setDescription(outcome.reply.description);
    setPhones(outcome.reply.phones.map(formatPhone));
    setWebsite(outcome.reply.website);
  }

  return (
    <Form
      call={save}
      onSubmit={submit}
      className="card mt-4 flex flex-col gap-4 p-5"
      aria-labelledby={`${id}-h`}
    >
      <div>
        <h2 id={`${id}-h`} className="text-lg font-semibold">
          {T.aboutTitle}
        </h2>
        <p className="text-sm text-ink-soft">{T.aboutLead}</p>
      </div>
      <Field
        label={T.description}
        hint={
          <span className="block text-right text-xs text-muted">
            {description.length} / {L.descriptionMax}
          </span>
        }
      >
        {(control) => (
          <textarea
            {...control}
            name="description"
            className={`${INPUT} min-h-40`}
            value={description}
            maxLength={L.descriptionMax}
            onChange={(event) => {
              setDescription(event.currentTarget.value);
              save.reset();
            }}
          />
        )}
      </Field>
      <PhoneList
        phones={phones}
        onChange={(next) => {
          setPhones(next);
          save.reset();
        }}
      />
      <Field label={T.website}>
        {(control) => (
          <input
            {...control}
            type="text"
            inputMode="url"
            autoComplete="url"
            name="website"
            placeholder="https://"
            className={INPUT}
            value={website}
            onChange={(event) => {
              setWebsite(event.currentTarget.value);
              save.reset();
            }}
          />
        )}
      </Field>
      {/* The phones come back as one list's message: every refusal reads here. */}
      <SaveRow call={save} save={T.save} saved={T.saved} fields="none" />
    </Form>
  );
}

/** The clinic's phones, a box each: one at least, up to five. */
function PhoneList({ phones, onChange }: { phones: string[]; onChange: (phones: string[]) => void }) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 font-medium">{T.phones}</legend>
      {phones.map((phone, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the rows are positions being typed into
        <div key={i} className="flex items-center gap-2">
          <input
            type="tel"
            inputMode="tel"
            autoComplete="off"
            aria-label={`${T.phone} ${i + 1}`}
            placeholder="+7 (495) 123-45-67"
            className={`${INPUT} sm:max-w-xs`}
            value={phone}
            onChange={(event) => {
              const value = event.currentTarget.value;
              onChange(phones.map((p, j) => (j === i ? value : p)));
            }}
          />
          {phones.length > 1 && (
            <Button
              variant="secondary"
              aria-label={`${T.removePhone} ${i + 1}`}
              onClick={() => onChange(phones.filter((_, j) => j !== i))}
            >
              ✕
            </Button>
          )}
        </div>
      ))}
      {phones.length < L.phonesMax && (
        <Button
          variant="link"
          className="self-start text-sm font-medium"
          onClick={() => onChange([...phones, ''])}
        >
          + {T.addPhone}
        </Button>
      )}
    </fieldset>
  );
}
