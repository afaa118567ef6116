// @vitest-environment happy-dom
import { act } from '@testing-library/react';
import { useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Kept, keep, keepFields, keptBody } from '../lib/kept';
import { KeptHtml } from './kept-html';

const links = [
  { href: '/moskva/vrach/terapevt/', label: 'Терапевты' },
  { href: '/moskva/vrach/pediatr/', label: 'Педиатры' },
];

function Page({ kept, onRender }: { kept: Kept<typeof links>; onRender?: () => void }) {
  const [count, setCount] = useState(0);
  return (
    <main>
      <button type="button" onClick={() => setCount(count + 1)}>
        Нажато {count}
      </button>
      <KeptHtml kept={kept} className="links">
        {(value) => {
          onRender?.();
          return (
            <ul>
              {value.map((l) => (
                <li key={l.href}>
                  <a href={l.href}>{l.label}</a>
                </li>
              ))}
            </ul>
          );
        }}
      </KeptHtml>
    </main>
  );
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('keep', () => {
  it('hides the value from serialization in a document and sends it in a data request', () => {
    const document = keep(links, { send: false });
    expect(document.value).toEqual(links);
    expect(Object.keys(document)).toEqual([]);
    expect(JSON.stringify(document)).toBe('{}');
    expect(Object.keys(keep(links, { send: true }))).toEqual(['value']);
  });

  it('keeps a card’s display fields back and sends the rest with `kept`', () => {
    const card = { id: 7, fullName: 'Иванова Мария', address: 'ул. Ленина, 1', prices: [1] };
    const kept = keepFields(card, ['id', 'fullName', 'prices'], { send: false });
    expect(JSON.parse(JSON.stringify(kept))).toEqual({
      kept: true,
      id: 7,
      fullName: 'Иванова Мария',
      prices: [1],
    });
    expect(kept.address).toBe('ул. Ленина, 1');
    expect(keepFields(card, ['id'], { send: true })).toBe(card);
  });

  it('gives a card’s blocks its value unless the browser got the card kept', () => {
    const card = { id: 7, fullName: 'Иванова Мария' };
    expect(keptBody(card).value).toBe(card);
    // In the browser a kept card is what the document sent: `kept` and the sent fields.
    expect(keptBody({ kept: true as const, id: 7, fullName: 'Иванова Мария' })).toEqual({});
  });
});

describe('KeptHtml', () => {
  it('hydrates over the server’s markup without the value, keeps it on later renders, and reports no mismatch', async () => {
    const server = renderToString(<Page kept={keep(links, { send: false })} />);
    expect(server).toContain('Педиатры');
    const container = document.createElement('div');
    container.innerHTML = server;
    document.body.append(container);
    const before = container.querySelector('.links')?.outerHTML;

    const rendered = vi.fn();
    const recoverable = vi.fn();
    await act(async () => {
      hydrateRoot(container, <Page kept={{}} onRender={rendered} />, { onRecoverableError: recoverable });
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(rendered).not.toHaveBeenCalled();
    expect(container.querySelector('.links')?.outerHTML).toBe(before);

    // The page around it is live, and a render of the page leaves the block as it was.
    await act(async () => container.querySelector('button')?.click());
    expect(container.querySelector('button')?.textContent).toBe('Нажато 1');
    expect(container.querySelector('.links')?.outerHTML).toBe(before);
    expect([...container.querySelectorAll('.links a')].map((a) => a.textContent)).toEqual([
      'Терапевты',
      'Педиатры',
    ]);
  });

  it('renders from the value when it has one (a client navigation)', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    const { createRoot } = await import('react-dom/client');
    await act(async () => createRoot(container).render(<Page kept={keep(links, { send: true })} />));
    expect([...container.querySelectorAll('.links a')].map((a) => a.getAttribute('href'))).toEqual([
      '/moskva/vrach/terapevt/',
      '/moskva/vrach/pediatr/',
    ]);
  });
});
