import type { ReactNode } from 'react';
import type { CabinetProfile } from '../../../core/doctor/profile-contracts';
import {
  categoryChoiceLabel,
  DOCTOR_CATEGORY_CHOICES,
  PROFILE_FIELD_LABELS,
  PROFILE_LIMITS,
  PROFILE_TEXTS,
} from '../../../core/doctor/profile-edit';
import { Button } from '../../components/ui/button';
import { Field, INPUT } from '../../components/ui/field';
import { Form, type FormCall } from '../../components/ui/form';
import type { ProfileDraft } from './profile-draft';
import { CourseRows, EducationRows } from './profile-rows';

/**
 * 'Сведения о враче': the profile's fields, sent for moderation with 'Сохранить'. The form holds
 * nothing of its own: the editor keeps the draft (a withdrawal puts the public values back).
 */
export function ProfileForm({
  draft,
  onChange,
  ownContacts,
  call,
  onSubmit,
  status,
}: {
  draft: ProfileDraft;
  onChange: (change: Partial<ProfileDraft>) => void;
  ownContacts: CabinetProfile['ownContacts'];
  /** The submit's call (its busy flag). */
  call: FormCall;
  onSubmit: () => void;
  /** The last call's outcome, beside the button. */
  status: ReactNode;
}) {
  // A phone already given stays editable after the version stopped allowing it (to clear it).
  const phoneEditable = ownContacts.available || draft.ownPhone !== '';
  const locked = PROFILE_TEXTS.ownPhoneLocked(ownContacts.version);
  return (
    <Form
      call={call}
      onSubmit={onSubmit}
      className="card flex flex-col gap-4 p-5"
      aria-label="Сведения о враче"
    >
      <Field label="О враче">
        {(control) => (
          <textarea
            {...control}
            value={draft.about}
            maxLength={PROFILE_LIMITS.aboutMax}
            rows={6}
            onChange={(e) => onChange({ about: e.target.value })}
            className={INPUT}
          />
        )}
      </Field>
      <EducationRows rows={draft.education} onChange={(education) => onChange({ education })} />
      <CourseRows rows={draft.courses} onChange={(courses) => onChange({ courses })} />

      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Год начала практики">
          {(control) => (
            <input
              {...control}
              inputMode="numeric"
              value={draft.careerStartYear}
              onChange={(e) => onChange({ careerStartYear: e.target.value })}
              className={INPUT}
            />
          )}
        </Field>
        <Field label="Категория">
          {(control) => (
            <select
              {...control}
              value={draft.category}
              onChange={(e) => onChange({ category: e.target.value as ProfileDraft['category'] })}
              className={INPUT}
            >
              {DOCTOR_CATEGORY_CHOICES.map((c) => (
                <option key={c} value={c}>
                  {categoryChoiceLabel(c)}
                </option>
              ))}
            </select>
          )}
        </Field>
        {draft.category !== 'none' && (
          <Field label="Категория действует до">
            {(control) => (
              <input
                {...control}
                type="date"
                value={draft.categoryExpiresOn}
                onChange={(e) => onChange({ categoryExpiresOn: e.target.value })}
                className={INPUT}
              />
            )}
          </Field>
        )}
        <Field label="Номер лицензии или сертификата">
          {(control) => (
            <input
              {...control}
              value={draft.licenseNumber}
              maxLength={PROFILE_LIMITS.licenseMax}
              onChange={(e) => onChange({ licenseNumber: e.target.value })}
              className={INPUT}
            />
          )}
        </Field>
        <Field
          label={PROFILE_FIELD_LABELS.ownPhone}
          hint={phoneEditable ? (ownContacts.available ? PROFILE_TEXTS.ownPhoneHint : locked) : undefined}
        >
          {(control) =>
            phoneEditable ? (
              <input
                {...control}
                type="tel"
                inputMode="tel"
                autoComplete="off"
                value={draft.ownPhone}
                placeholder="+7 900 123-45-67"
                onChange={(e) => onChange({ ownPhone: e.target.value })}
                className={INPUT}
              />
            ) : (
              <p id={control.id} className="text-sm text-ink-soft" data-own-phone-locked>
                {locked}
              </p>
            )
          }
        </Field>
      </div>

      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" busy={call.busy}>
          {PROFILE_TEXTS.save}
        </Button>
        {status}
      </div>
    </Form>
  );
}
