// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { late } from './late';

afterEach(cleanup);

function Greeting({ name }: { name: string }) {
  return <p>Здравствуйте, {name}</p>;
}

async function html(stream: ReadableStream<Uint8Array>) {
  return new Response(stream).text();
}

describe('late', () => {
  it('is rendered whole on the server once its code has loaded', async () => {
    const Late = late(async () => Greeting, { boundary: true });
    const { prelude } = await prerender(<Late name="Анна" />);
    expect(await html(prelude)).toContain('Здравствуйте, <!-- -->Анна');
  });

  it('renders at once after preload, and suspends to its boundary before', async () => {
    const load = vi.fn(async () => Greeting);
    const Late = late(load, { boundary: true });
    // Not loaded yet: the boundary's fallback (nothing) in a synchronous render.
    expect(renderToString(<Late name="Анна" />)).not.toContain('Анна');
    await Late.preload();
    render(<Late name="Борис" />);
    expect(screen.getByText('Здравствуйте, Борис')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows its content in the browser when the code arrives', async () => {
    const Late = late(async () => Greeting, { boundary: true });
    await act(async () => {
      render(<Late name="Вера" />);
    });
    expect(screen.getByText('Здравствуйте, Вера')).toBeTruthy();
  });

  it('loads again after a failed fetch', async () => {
    const load = vi
      .fn<() => Promise<typeof Greeting>>()
      .mockRejectedValueOnce(new Error('network'))
      .mockResolvedValueOnce(Greeting);
    const Late = late(load, { boundary: false });
    await expect(Late.preload()).rejects.toThrow('network');
    await expect(Late.preload()).resolves.toBe(Greeting);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
