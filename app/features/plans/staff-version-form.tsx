import { useState } from 'react';
import { PLAN_TEXTS, staffSetSoftwareVersion } from '../../../core/cabinet/plan';
import { SOFTWARE_VERSION_LABELS, SOFTWARE_VERSIONS } from '../../../core/directory/software-version';
import { Button } from '../../components/ui/button';
import { Field, INPUT } from '../../components/ui/field';
import { Form, FormStatus } from '../../components/ui/form';
import { useCall } from '../../lib/use-call';

/** Staff set a clinic's or a doctor's software version (audited; the public page follows at once). */
export function StaffVersionForm({ initial }: { initial?: { kind: 'clinic' | 'doctor'; id: number } }) {
  const [kind, setKind] = useState<'clinic' | 'doctor'>(initial?.kind ?? 'clinic');
  const [id, setId] = useState(initial ? String(initial.id) : '');
  const [version, setVersion] = useState<string>('STANDARD');
  const set = useCall(staffSetSoftwareVersion);

  async function submit() {
    await set.run({
      body: {
        kind,
        id: Number(id),
        version: version === 'none' ? null : (version as (typeof SOFTWARE_VERSIONS)[number]),
      },
    });
  }

  return (
    <Form call={set} onSubmit={() => void submit()} className="card mt-6 flex flex-wrap items-end gap-3 p-4">
      <Field label="Страница">
        {(control) => (
          <select
            {...control}
            className={INPUT}
            value={kind}
            onChange={(e) => setKind(e.target.value as 'clinic' | 'doctor')}
          >
            <option value="clinic">Клиника</option>
            <option value="doctor">Врач</option>
          </select>
        )}
      </Field>
      <Field label="Номер" error={set.fieldErrors.id}>
        {(control) => (
          <input
            {...control}
            className={INPUT}
            inputMode="numeric"
            value={id}
            onChange={(e) => setId(e.target.value)}
          />
        )}
      </Field>
      <Field label="Тариф">
        {(control) => (
          <select {...control} className={INPUT} value={version} onChange={(e) => setVersion(e.target.value)}>
            {SOFTWARE_VERSIONS.map((v) => (
              <option key={v} value={v}>
                {SOFTWARE_VERSION_LABELS[v]}
              </option>
            ))}
            <option value="none">{PLAN_TEXTS.none}</option>
          </select>
        )}
      </Field>
      <Button type="submit" busy={set.busy}>
        Установить
      </Button>
      <FormStatus call={set} done={PLAN_TEXTS.set} />
    </Form>
  );
}
