import { useState } from 'react';
import { formatLongDate } from '../../../core/dates/zoned';
import { cabinetCreateMisKey, cabinetRevokeMisKey, MIS_API } from '../../../core/mis/calls';
import type { MisKey, MisKeys as MisKeysData } from '../../../core/mis/contracts';
import {
  MIS_KEY_LABEL_MAX,
  MIS_KEY_TEXTS,
  MIS_SCOPE_LABELS,
  MIS_SCOPES,
  type MisScope,
} from '../../../core/mis/keys';
import { wallClock } from '../../../core/schedule/free-slots';
import { Button } from '../../components/ui/button';
import { Field, INPUT } from '../../components/ui/field';
import { Form, FormStatus } from '../../components/ui/form';
import { useCall } from '../../lib/use-call';

const when = (at: string, tz: string) => `${formatLongDate(at, tz)}, ${wallClock(new Date(at), tz).time}`;

/**
 * The clinic's integration keys: 'Выпустить ключ' with a name and the chosen access shows the new
 * key once (to copy into the clinic's software); the list shows each key's name, access and
 * prefix, when it was issued and last used, and revokes it after a second press.
 */
export function MisKeys({ data }: { data: MisKeysData }) {
  const [keys, setKeys] = useState(data.keys);
  const [secret, setSecret] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const [label, setLabel] = useState('');
  const [scopes, setScopes] = useState<MisScope[]>([...MIS_SCOPES]);
  const issue = useCall(cabinetCreateMisKey);
  const live = keys.filter((k) => k.revokedAt === null).length;

  async function create() {
    setCopied(false);
    const outcome = await issue.run({ body: { label, scopes } });
    if (!outcome.ok) return;
    setSecret(outcome.reply.secret);
    setKeys((list) => [outcome.reply.key, ...list]);
    setLabel('');
  }

  const toggle = (scope: MisScope, on: boolean) =>
    setScopes((list) => MIS_SCOPES.filter((s) => (s === scope ? on : list.includes(s))));

  async function copy(text: string) {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      // No clipboard (an insecure origin): the key stays selected on screen to copy by hand.
    }
  }

  return (
    <section className="mt-4 flex flex-col gap-4">
      <p>{MIS_KEY_TEXTS.lead}</p>
      <p>
        <a className="text-brand hover:underline" href={`${MIS_API}openapi.json`}>
          {MIS_KEY_TEXTS.docs}
        </a>
      </p>
      <Form call={issue} onSubmit={() => void create()} className="card flex flex-col gap-3 p-4">
        <Field label={MIS_KEY_TEXTS.label} error={issue.fieldErrors.label}>
          {(control) => (
            <input
              {...control}
              className={INPUT}
              maxLength={MIS_KEY_LABEL_MAX}
              value={label}
              onChange={(event) => setLabel(event.target.value)}
            />
          )}
        </Field>
        <fieldset className="flex flex-col gap-1">
          <legend className="text-sm font-medium">{MIS_KEY_TEXTS.scopes}</legend>
          {MIS_SCOPES.map((scope) => (
            <label key={scope} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={scopes.includes(scope)}
                onChange={(event) => toggle(scope, event.target.checked)}
              />
              {MIS_SCOPE_LABELS[scope]} <code className="text-ink-soft">{scope}</code>
            </label>
          ))}
          {issue.fieldErrors.scopes && <p className="text-sm text-error">{issue.fieldErrors.scopes}</p>}
        </fieldset>
        <div>
          <Button type="submit" busy={issue.busy} disabled={live >= data.limit}>
            {MIS_KEY_TEXTS.create}
          </Button>
          {live >= data.limit && <p className="mt-2 text-sm text-ink-soft">{MIS_KEY_TEXTS.tooManyKeys}</p>}
        </div>
        <FormStatus call={issue} />
      </Form>
      {secret && (
        <div className="card flex flex-col gap-2 border-brand p-4" role="status">
          <p className="font-medium">{MIS_KEY_TEXTS.created}</p>
          <code className="select-all break-all rounded bg-canvas p-2 text-sm" data-mis-secret>
            {secret}
          </code>
          <div>
            <Button variant="small" onClick={() => void copy(secret)}>
              {copied ? MIS_KEY_TEXTS.copied : MIS_KEY_TEXTS.copy}
            </Button>
          </div>
        </div>
      )}
      <p className="text-sm text-ink-soft">{MIS_KEY_TEXTS.rotate}</p>
      {keys.length === 0 ? (
        <p className="text-ink-soft">{MIS_KEY_TEXTS.none}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {keys.map((k) => (
            <KeyRow
              key={k.id}
              item={k}
              tz={data.tz}
              onRevoked={(changed) => setKeys((list) => list.map((x) => (x.id === changed.id ? changed : x)))}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function KeyRow({ item, tz, onRevoked }: { item: MisKey; tz: string; onRevoked: (key: MisKey) => void }) {
  const [asking, setAsking] = useState(false);
  const revoke = useCall(cabinetRevokeMisKey);

  async function confirm() {
    const outcome = await revoke.run({ params: { id: item.id } });
    if (!outcome.ok) return;
    onRevoked(outcome.reply);
    setAsking(false);
  }

  return (
    <li className="card flex flex-col gap-1 p-4" data-mis-key={item.id}>
      <p className={item.revokedAt ? 'text-ink-soft line-through' : undefined}>
        <span className="font-medium">{item.label ?? MIS_KEY_TEXTS.noLabel}</span>{' '}
        <span className="font-mono">mis_{item.prefix}_…</span>
      </p>
      <p className="text-sm" data-mis-scopes>
        {item.full ? MIS_KEY_TEXTS.fullKey : item.scopes.map((s) => MIS_SCOPE_LABELS[s]).join(', ')}
      </p>
      <p className="text-sm text-ink-soft">
        {MIS_KEY_TEXTS.issued} {when(item.createdAt, tz)} ·{' '}
        {item.lastUsedAt ? `${MIS_KEY_TEXTS.lastUsed} ${when(item.lastUsedAt, tz)}` : MIS_KEY_TEXTS.neverUsed}
      </p>
      {item.revokedAt ? (
        <p className="text-sm font-medium">
          {MIS_KEY_TEXTS.revoked} {when(item.revokedAt, tz)}
        </p>
      ) : asking ? (
        <div className="mt-1 flex flex-wrap items-center gap-2">
          <span className="text-sm">{MIS_KEY_TEXTS.revokeAsk}</span>
          <Button variant="small" busy={revoke.busy} onClick={() => void confirm()}>
            {MIS_KEY_TEXTS.revoke}
          </Button>
          <Button variant="small" disabled={revoke.busy} onClick={() => setAsking(false)}>
            {MIS_KEY_TEXTS.cancel}
          </Button>
        </div>
      ) : (
        <div className="mt-1">
          <Button variant="small" onClick={() => setAsking(true)}>
            {MIS_KEY_TEXTS.revoke}
          </Button>
        </div>
      )}
      <FormStatus call={revoke} className="text-sm" />
    </li>
  );
}
