import { useState } from 'react';
import { formatLongDate } from '../../../core/dates/zoned';
import { cabinetCreateMisKey, cabinetRevokeMisKey, MIS_API } from '../../../core/mis/calls';
import type { MisKey, MisKeys as MisKeysData } from '../../../core/mis/contracts';
import { MIS_KEY_TEXTS } from '../../../core/mis/keys';
import { wallClock } from '../../../core/schedule/free-slots';
import { api, isApiError, SERVER_ERROR } from '../../lib/api';

const BUTTON = 'rounded-lg border border-line px-3 py-1.5 text-sm hover:bg-canvas disabled:opacity-50';
const PRIMARY =
  'rounded-lg bg-brand px-4 py-2 font-medium text-white hover:bg-brand-dark disabled:opacity-50';

const when = (at: string, tz: string) => `${formatLongDate(at, tz)}, ${wallClock(new Date(at), tz).time}`;

/**
 * The clinic's integration keys: 'Выпустить ключ' shows the new key once (to copy into the clinic's
 * software), the list shows each key's prefix, when it was issued and last used, and revokes it
 * after a second press.
 */
export function MisKeys({ data }: { data: MisKeysData }) {
  const [keys, setKeys] = useState(data.keys);
  const [secret, setSecret] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const live = keys.filter((k) => k.revokedAt === null).length;

  async function create() {
    setBusy(true);
    setError('');
    setCopied(false);
    try {
      const made = await api.send(cabinetCreateMisKey, {});
      setSecret(made.secret);
      setKeys((list) => [made.key, ...list]);
    } catch (err) {
      setError(isApiError(err) ? err.detail : SERVER_ERROR);
    } finally {
      setBusy(false);
    }
  }

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
      <div>
        <button
          type="button"
          className={PRIMARY}
          disabled={busy || live >= data.limit}
          onClick={() => void create()}
        >
          {MIS_KEY_TEXTS.create}
        </button>
        {live >= data.limit && <p className="mt-2 text-sm text-ink-soft">{MIS_KEY_TEXTS.tooManyKeys}</p>}
      </div>
      {error && (
        <p role="alert" className="text-error">
          {error}
        </p>
      )}
      {secret && (
        <div className="card flex flex-col gap-2 border-brand p-4" role="status">
          <p className="font-medium">{MIS_KEY_TEXTS.created}</p>
          <code className="select-all break-all rounded bg-canvas p-2 text-sm" data-mis-secret>
            {secret}
          </code>
          <div>
            <button type="button" className={BUTTON} onClick={() => void copy(secret)}>
              {copied ? MIS_KEY_TEXTS.copied : MIS_KEY_TEXTS.copy}
            </button>
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
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  async function revoke() {
    setBusy(true);
    setError('');
    try {
      onRevoked(await api.send(cabinetRevokeMisKey, { params: { id: item.id } }));
      setAsking(false);
    } catch (err) {
      setError(isApiError(err) ? err.detail : SERVER_ERROR);
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className="card flex flex-col gap-1 p-4" data-mis-key={item.id}>
      <p className={item.revokedAt ? 'font-mono text-ink-soft line-through' : 'font-mono'}>
        mis_{item.prefix}_…
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
          <button type="button" className={BUTTON} disabled={busy} onClick={() => void revoke()}>
            {MIS_KEY_TEXTS.revoke}
          </button>
          <button type="button" className={BUTTON} disabled={busy} onClick={() => setAsking(false)}>
            {MIS_KEY_TEXTS.cancel}
          </button>
        </div>
      ) : (
        <div className="mt-1">
          <button type="button" className={BUTTON} onClick={() => setAsking(true)}>
            {MIS_KEY_TEXTS.revoke}
          </button>
        </div>
      )}
      {error && (
        <p role="alert" className="text-sm text-error">
          {error}
        </p>
      )}
    </li>
  );
}
