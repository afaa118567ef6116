import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { Clock } from '../clock';
import { createPageCache, parseCacheTags } from './page-cache';

function movableClock(start = Date.parse('2026-11-22T10:00:00Z')) {
  let now = start;
  const clock: Clock = { now: () => new Date(now) };
  return { clock, advance: (ms: number) => (now += ms) };
}

const page = (text: string) => ({
  status: 200,
  headers: ['content-type', 'text/html'],
  body: Buffer.from(text),
});

describe('page cache', () => {
  it('serves a stored page until its time to live runs out', () => {
    const { clock, advance } = movableClock();
    const cache = createPageCache({ clock, ttlMs: 30_000, maxBytes: 1_000_000 });
    cache.set('/moskva/vrach/', page('list'), ['town:1']);
    expect(cache.get('/moskva/vrach/')?.body.toString()).toBe('list');
    advance(30_001);
    expect(cache.get('/moskva/vrach/')).toBeNull();
    expect(cache.stats()).toMatchObject({ hits: 1, misses: 1, pages: 0, bytes: 0 });
  });

  it('drops exactly the pages that show an invalidated tag', () => {
    const { clock } = movableClock();
    const cache = createPageCache({ clock, ttlMs: 30_000, maxBytes: 1_000_000 });
    cache.set('/moskva/vrach/', page('list'), ['list:town:1', 'doctor:7', 'doctor:8']);
    cache.set('/moskva/vrach/7-ivanov/', page('doctor 7'), ['doctor:7']);
    cache.set('/moskva/vrach/9-petrov/', page('doctor 9'), ['doctor:9']);
    cache.invalidate(['doctor:7']);
    expect(cache.get('/moskva/vrach/')).toBeNull();
    expect(cache.get('/moskva/vrach/7-ivanov/')).toBeNull();
    expect(cache.get('/moskva/vrach/9-petrov/')?.body.toString()).toBe('doctor 9');
    // A page stored again after an invalidation is tracked under its new tags only.
    cache.set('/moskva/vrach/', page('list v2'), ['list:town:1']);
    cache.invalidate(['doctor:8']);
    expect(cache.get('/moskva/vrach/')?.body.toString()).toBe('list v2');
  });

  it('keeps within its memory bound by evicting the least recently used pages', () => {
    const { clock } = movableClock();
    const cache = createPageCache({ clock, ttlMs: 30_000, maxBytes: 10 });
    cache.set('/a/', page('aaaa'), ['x']);
    cache.set('/b/', page('bbbb'), ['x']);
    cache.get('/a/');
    cache.set('/c/', page('cccc'), ['x']);
    expect(cache.get('/b/')).toBeNull();
    expect(cache.get('/a/')).not.toBeNull();
    expect(cache.get('/c/')).not.toBeNull();
    expect(cache.stats().bytes).toBe(8);
    cache.set('/huge/', page('x'.repeat(11)), ['x']);
    expect(cache.get('/huge/')).toBeNull();
  });

  it('compresses each encoding of an entry once, keeps it, and counts it against the bound', async () => {
    const { clock } = movableClock();
    const cache = createPageCache({ clock, ttlMs: 30_000, maxBytes: 1_000_000 });
    const html = `<!doctype html><ul>${'<li>Иванов Иван Иванович, терапевт</li>'.repeat(400)}</ul>`;
    cache.set('/moskva/vrach/', page(html), ['x']);
    const hit = cache.get('/moskva/vrach/');
    if (!hit) throw new Error('expected a hit');
    const [br, again] = await Promise.all([hit.bytes('br'), cache.get('/moskva/vrach/')?.bytes('br')]);
    // Two hits at once share one compression: the very same buffer.
    expect(again).toBe(br);
    expect(brotliDecompressSync(br).toString()).toBe(html);
    const gzip = await hit.bytes('gzip');
    expect(gunzipSync(gzip).toString()).toBe(html);
    expect(await cache.get('/moskva/vrach/')?.bytes('gzip')).toBe(gzip);
    expect((await hit.bytes('identity')).toString()).toBe(html);
    // Once made, a copy is at hand without a promise: a hit is sent in the same tick.
    expect(cache.get('/moskva/vrach/')?.bytes('br')).toBe(br);
    expect(hit.bytes('identity')).toBeInstanceOf(Buffer);
    expect(br.length).toBeLessThan(Buffer.byteLength(html) / 10);
    expect(cache.stats().bytes).toBe(Buffer.byteLength(html) + br.length + gzip.length);
    // A dropped entry takes its copies with it.
    cache.invalidate(['x']);
    expect(cache.stats().bytes).toBe(0);
  });

  it('does not count a copy finished after its entry was replaced', async () => {
    const { clock } = movableClock();
    const cache = createPageCache({ clock, ttlMs: 30_000, maxBytes: 1_000_000 });
    cache.set('/a/', page('a'.repeat(5000)), ['x']);
    const pending = cache.get('/a/')?.bytes('br');
    cache.set('/a/', page('b'), ['x']);
    await pending;
    expect(cache.stats().bytes).toBe(1);
  });

  it('reads the tag header', () => {
    expect(parseCacheTags('doctor:1  town:2 ')).toEqual(['doctor:1', 'town:2']);
    expect(parseCacheTags('  ')).toBeNull();
    expect(parseCacheTags(null)).toBeNull();
  });
});
