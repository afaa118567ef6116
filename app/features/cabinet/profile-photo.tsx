import { useId, useRef } from 'react';
import { cabinetUploadPhoto } from '../../../core/doctor/profile-calls';
import type { CabinetProfile } from '../../../core/doctor/profile-contracts';
import { PROFILE_TEXTS } from '../../../core/doctor/profile-edit';
import { Avatar } from '../../components/ui/avatar';
import { FormStatus } from '../../components/ui/form';
import { useCall } from '../../lib/use-call';
import { useHydrated } from '../../lib/use-hydrated';

/** 'Фотография': the photo shown (the one waiting for moderation first), uploaded as soon as it is chosen. */
export function ProfilePhoto({
  data,
  doctorId,
  onUploaded,
}: {
  data: CabinetProfile;
  /** A clinic names its doctor. */
  doctorId: number | undefined;
  onUploaded: (profile: CabinetProfile) => void;
}) {
  // Not a Button: a file chosen before hydration would be dropped, so the input waits for the script.
  const hydrated = useHydrated();
  const upload = useCall(cabinetUploadPhoto);
  const fileInput = useRef<HTMLInputElement>(null);
  const id = useId();
  const pendingPhoto = data.pending?.photoUrl ?? null;

  async function send(file: File) {
    const body = new FormData();
    if (doctorId !== undefined) body.set('doctor_id', String(doctorId));
    body.set('photo', file);
    const outcome = await upload.run({ body });
    if (fileInput.current) fileInput.current.value = '';
    if (outcome.ok) onUploaded(outcome.reply);
  }

  return (
    <section className="card flex flex-col gap-3 p-5" aria-labelledby={`${id}-photo`}>
      <h2 id={`${id}-photo`} className="text-lg font-semibold">
        {PROFILE_TEXTS.photo}
      </h2>
      <div className="flex flex-wrap items-center gap-4">
        <Avatar
          id={data.doctor.id}
          name={data.doctor.name}
          src={pendingPhoto ?? data.current.photo}
          size={112}
        />
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          {pendingPhoto && <p className="text-sm font-medium text-amber-700">{PROFILE_TEXTS.pending}</p>}
          <label htmlFor={`${id}-file`} className="font-medium">
            {PROFILE_TEXTS.photoUpload}
          </label>
          <input
            ref={fileInput}
            id={`${id}-file`}
            type="file"
            name="photo"
            accept="image/jpeg,image/png,image/webp"
            disabled={!hydrated || upload.busy}
            className="max-w-full text-sm"
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              if (file) void send(file);
            }}
          />
          <p className="text-sm text-ink-soft">{PROFILE_TEXTS.photoHint}</p>
          <FormStatus call={upload} fields="none" done={PROFILE_TEXTS.photoUploaded} />
        </div>
      </div>
    </section>
  );
}
