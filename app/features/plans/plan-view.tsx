import { useState } from 'react';
import { cabinetPlanRequest, PLAN_TEXTS, type Plan } from '../../../core/cabinet/plan';
import { SOFTWARE_VERSION_LABELS, type SoftwareVersion } from '../../../core/directory/software-version';
import { Button } from '../../components/ui/button';
import { Form, FormStatus } from '../../components/ui/form';
import { useCall } from '../../lib/use-call';

/**
 * The plan page's content: the page's level and what it gives, what the next level adds, and a
 * request for a higher level that staff see (they set the level; the page then shows it).
 */
export function PlanView({ data, canRequest }: { data: Plan; canRequest: boolean }) {
  const [plan, setPlan] = useState(data);
  const [version, setVersion] = useState<SoftwareVersion | undefined>(data.higher[0]);
  const ask = useCall(cabinetPlanRequest);

  async function submit() {
    if (!version) return;
    const outcome = await ask.run({ body: { version } });
    if (outcome.ok) setPlan(outcome.reply);
  }

  return (
    <section className="mt-4 flex flex-col gap-4">
      <div className="card p-4" data-plan-version={plan.version ?? 'none'}>
        <h2 className="text-lg font-semibold">{`${PLAN_TEXTS.current}: «${plan.label}»`}</h2>
        {plan.version === null && <p className="mt-1 text-ink-soft">{PLAN_TEXTS.noneLead}</p>}
        <h3 className="mt-3 font-medium">{PLAN_TEXTS.gives}</h3>
        <ul className="mt-1 list-disc pl-5">
          {plan.benefits.map((b) => (
            <li key={b}>{b}</li>
          ))}
        </ul>
      </div>
      {plan.next ? (
        <div className="card p-4">
          <h2 className="text-lg font-semibold">{PLAN_TEXTS.next(plan.next.label)}</h2>
          <ul className="mt-1 list-disc pl-5">
            {plan.next.adds.map((b) => (
              <li key={b}>{b}</li>
            ))}
          </ul>
        </div>
      ) : (
        <p>{PLAN_TEXTS.top}</p>
      )}
      {plan.requested && (
        <p className="card border-brand p-4" role="status">
          {PLAN_TEXTS.requested(SOFTWARE_VERSION_LABELS[plan.requested.version])}
        </p>
      )}
      {plan.higher.length > 0 && !plan.requested && canRequest && (
        <Form call={ask} onSubmit={() => void submit()} className="card flex flex-col gap-3 p-4">
          <fieldset className="flex flex-col gap-1">
            <legend className="text-sm font-medium">{PLAN_TEXTS.version}</legend>
            {plan.higher.map((v) => (
              <label key={v} className="flex items-center gap-2">
                <input type="radio" name="version" checked={version === v} onChange={() => setVersion(v)} />
                {SOFTWARE_VERSION_LABELS[v]}
              </label>
            ))}
          </fieldset>
          <div>
            <Button type="submit" busy={ask.busy}>
              {PLAN_TEXTS.request(version ? SOFTWARE_VERSION_LABELS[version] : '')}
            </Button>
          </div>
          <FormStatus call={ask} fields="none" />
        </Form>
      )}
      {plan.higher.length > 0 && !plan.requested && !canRequest && (
        <p className="text-ink-soft">{PLAN_TEXTS.adminOnly}</p>
      )}
    </section>
  );
}
