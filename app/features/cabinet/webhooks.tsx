import { useEffect, useState } from 'react';
import {
  cabinetCreateWebhook,
  cabinetDeleteWebhook,
  cabinetRedeliverWebhook,
  cabinetWebhookDeliveries,
  cabinetWebhooks,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  WEBHOOK_STATE_LABELS,
  WEBHOOK_UI,
  WEBHOOK_URL_MAX,
  type Webhook,
  type WebhookDelivery,
  type WebhookEvent,
} from '../../../core/mis/webhooks';
import { Button } from '../../components/ui/button';
import { Field, INPUT } from '../../components/ui/field';
import { Form, FormStatus } from '../../components/ui/form';
import { useCall } from '../../lib/use-call';

const when = (at: string | null) =>
  at === null ? '—' : new Date(at).toLocaleString('ru-RU', { dateStyle: 'short', timeStyle: 'medium' });

/**
 * The clinic's webhooks on the integration page: an address and its events ('Добавить вебхук'
 * shows the signing secret once), the list with 'Удалить', and the delivery log, newest first,
 * each delivery's state, attempts and the receiver's last answer, with 'Повторить' on one that
 * was delivered or given up. Read after the page hydrates (the calls are the administrator's).
 */
export function Webhooks() {
  const list = useCall(cabinetWebhooks);
  const log = useCall(cabinetWebhookDeliveries);
  const create = useCall(cabinetCreateWebhook);
  const [hooks, setHooks] = useState<Webhook[] | null>(null);
  const [limit, setLimit] = useState(0);
  const [deliveries, setDeliveries] = useState<WebhookDelivery[]>([]);
  const [before, setBefore] = useState<number | null>(null);
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>([]);
  const [secret, setSecret] = useState<string | null>(null);

  async function loadLog(from?: number) {
    const outcome = await log.run({ query: from === undefined ? {} : { before: from } });
    if (!outcome.ok) return;
    setDeliveries((rows) =>
      from === undefined ? outcome.reply.deliveries : [...rows, ...outcome.reply.deliveries],
    );
    setBefore(outcome.reply.before);
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: read once, after hydration.
  useEffect(() => {
    void (async () => {
      const outcome = await list.run({});
      if (outcome.ok) {
        setHooks(outcome.reply.webhooks);
        setLimit(outcome.reply.limit);
      }
      await loadLog();
    })();
  }, []);

  async function add() {
    const outcome = await create.run({ body: { url, events } });
    if (!outcome.ok) return;
    setSecret(outcome.reply.secret);
    setHooks((rows) => [...(rows ?? []), outcome.reply.webhook]);
    setUrl('');
    setEvents([]);
  }

  const toggle = (event: WebhookEvent, on: boolean) =>
    setEvents((chosen) => WEBHOOK_EVENTS.filter((e) => (e === event ? on : chosen.includes(e))));

  return (
    <section className="mt-8 flex flex-col gap-4" data-webhooks>
      <h2 className="text-xl font-semibold">{WEBHOOK_UI.title}</h2>
      <p>{WEBHOOK_UI.lead}</p>
      {hooks === null ? (
        <>
          {list.busy && <p className="text-ink-soft">{WEBHOOK_UI.loading}</p>}
          <FormStatus call={list} />
        </>
      ) : (
        <>
          <Form call={create} onSubmit={() => void add()} className="card flex flex-col gap-3 p-4">
            <Field label={WEBHOOK_UI.url} error={create.fieldErrors.url}>
              {(control) => (
                <input
                  {...control}
                  className={INPUT}
                  type="url"
                  maxLength={WEBHOOK_URL_MAX}
                  value={url}
                  placeholder="https://"
                  onChange={(event) => setUrl(event.target.value)}
                />
              )}
            </Field>
            <fieldset className="flex flex-col gap-1">
              <legend className="text-sm font-medium">{WEBHOOK_UI.events}</legend>
              {WEBHOOK_EVENTS.map((event) => (
                <label key={event} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    checked={events.includes(event)}
                    onChange={(e) => toggle(event, e.target.checked)}
                  />
                  {WEBHOOK_EVENT_LABELS[event]} <code className="text-ink-soft">{event}</code>
                </label>
              ))}
            </fieldset>
            <div>
              <Button type="submit" busy={create.busy} disabled={hooks.length >= limit}>
                {WEBHOOK_UI.create}
              </Button>
            </div>
            <FormStatus call={create} />
          </Form>
          {secret && (
            <div className="card flex flex-col gap-2 border-brand p-4" role="status">
              <p className="font-medium">{WEBHOOK_UI.created}</p>
              <code className="select-all break-all rounded bg-canvas p-2 text-sm" data-webhook-secret>
                {secret}
              </code>
            </div>
          )}
          {hooks.length === 0 ? (
            <p className="text-ink-soft">{WEBHOOK_UI.none}</p>
          ) : (
            <ul className="flex flex-col gap-2">
              {hooks.map((hook) => (
                <HookRow
                  key={hook.id}
                  hook={hook}
                  onRemoved={() => setHooks((rows) => (rows ?? []).filter((h) => h.id !== hook.id))}
                />
              ))}
            </ul>
          )}
        </>
      )}
      <h3 className="text-lg font-semibold">{WEBHOOK_UI.log}</h3>
      {deliveries.length === 0 ? (
        <p className="text-ink-soft">{log.busy ? WEBHOOK_UI.loading : WEBHOOK_UI.logEmpty}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {deliveries.map((d) => (
            <DeliveryRow
              key={d.id}
              delivery={d}
              onChanged={(next) => setDeliveries((rows) => rows.map((r) => (r.id === next.id ? next : r)))}
            />
          ))}
        </ul>
      )}
      {before !== null && (
        <div>
          <Button variant="small" busy={log.busy} onClick={() => void loadLog(before)}>
            {WEBHOOK_UI.more}
          </Button>
        </div>
      )}
    </section>
  );
}

function HookRow({ hook, onRemoved }: { hook: Webhook; onRemoved: () => void }) {
  const remove = useCall(cabinetDeleteWebhook);
  return (
    <li className="card flex flex-col gap-1 p-4" data-webhook={hook.id}>
      <p className="break-all font-mono text-sm">{hook.url}</p>
      <p className="text-sm text-ink-soft">
        {hook.events === null
          ? WEBHOOK_UI.allEvents
          : hook.events.map((e) => WEBHOOK_EVENT_LABELS[e]).join(', ')}
      </p>
      <div>
        <Button
          variant="small"
          busy={remove.busy}
          onClick={async () => {
            if ((await remove.run({ params: { id: hook.id } })).ok) onRemoved();
          }}
        >
          {WEBHOOK_UI.remove}
        </Button>
      </div>
      <FormStatus call={remove} className="text-sm" />
    </li>
  );
}

function DeliveryRow({
  delivery: d,
  onChanged,
}: {
  delivery: WebhookDelivery;
  onChanged: (next: WebhookDelivery) => void;
}) {
  const redeliver = useCall(cabinetRedeliverWebhook);
  const done = d.state === 'delivered' || d.state === 'failed';
  return (
    <li className="card flex flex-col gap-1 p-3 text-sm" data-webhook-delivery={d.id}>
      <p>
        <span className="font-medium">{WEBHOOK_EVENT_LABELS[d.event]}</span> · визит № {d.appointment_id} ·{' '}
        {WEBHOOK_STATE_LABELS[d.state]}
        {d.last_status !== null && ` · HTTP ${d.last_status}`} · попыток: {d.attempts}
      </p>
      <p className="text-ink-soft">
        {when(d.created_at)} · <span className="break-all font-mono">{d.url}</span> ·{' '}
        <span className="font-mono">{d.delivery_id}</span>
      </p>
      {d.last_response && <p className="break-all font-mono text-ink-soft">{d.last_response}</p>}
      {done && (
        <div>
          <Button
            variant="small"
            busy={redeliver.busy}
            onClick={async () => {
              const outcome = await redeliver.run({ params: { id: d.id } });
              if (outcome.ok) onChanged(outcome.reply);
            }}
          >
            {WEBHOOK_UI.redeliver}
          </Button>
        </div>
      )}
      <FormStatus call={redeliver} className="text-sm" />
    </li>
  );
}
