// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SearchResults } from '../../../core/search/contracts';
import { SearchCombobox } from './search-combobox';

interface PendingFetch {
  url: string;
  signal: AbortSignal;
  answer: (body: SearchResults) => Promise<void>;
}

let fetches: PendingFetch[] = [];

beforeEach(() => {
  vi.useFakeTimers();
  fetches = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(
      (url: string, init: RequestInit) =>
        new Promise((resolve, reject) => {
          const signal = init.signal as AbortSignal;
          signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          fetches.push({
            url,
            signal,
            answer: async (body) => {
              await act(async () => resolve(Response.json(body)));
            },
          });
        }),
    ),
  );
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const CARDIOLOGY: SearchResults = {
  query: 'кардиолог',
  groups: [
    {
      kind: 'speciality',
      title: 'Специальности',
      items: [
        { name: 'Кардиолог', subtitle: '23 врача', url: '/moskva/vrach/kardiolog/' },
        { name: 'Детский кардиолог', subtitle: '3 врача', url: '/moskva/vrach/detskiy-kardiolog/' },
      ],
    },
    {
      kind: 'treatment',
      title: 'Лечение',
      items: [{ name: 'Лечение аритмии', url: '/moskva/lechenie/aritmiya/' }],
    },
  ],
};

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderCombobox() {
  const router = createMemoryRouter(
    [
      { path: '/moskva/vrach/', element: <SearchCombobox town="moskva" /> },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: ['/moskva/vrach/'] },
  );
  render(<RouterProvider router={router} />);
  const field = screen.getByRole('combobox', { name: 'Поиск врача, клиники или услуги' });
  fireEvent.focus(field);
  return field;
}

function type(field: HTMLElement, value: string) {
  fireEvent.change(field, { target: { value } });
}

async function pause(ms: number) {
  await act(async () => {
    vi.advanceTimersByTime(ms);
  });
}

describe('SearchCombobox', () => {
  it('asks for 2 characters until there are two, and asks nothing of the server meanwhile', async () => {
    const field = renderCombobox();
    expect(screen.getByRole('status')).toHaveProperty('textContent', 'Введите 2 символа для поиска');
    type(field, ' К ');
    await pause(1000);
    expect(screen.getByRole('status')).toHaveProperty('textContent', 'Введите 2 символа для поиска');
    expect(fetches).toHaveLength(0);
  });

  it('asks once, 300 ms after typing stops, with the trimmed lowercased query', async () => {
    const field = renderCombobox();
    type(field, 'Ка');
    await pause(200);
    type(field, 'Кар');
    await pause(200);
    type(field, ' КАРДИОЛОГ ');
    await pause(299);
    expect(fetches).toHaveLength(0);
    expect(screen.getByRole('status')).toHaveProperty('textContent', 'Загрузка...');
    await pause(1);
    expect(fetches.map((f) => f.url)).toEqual([
      `/ajax/search/?q=${encodeURIComponent('кардиолог')}&town=moskva`,
    ]);
    await fetches[0].answer(CARDIOLOGY);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Кардиолог23 врача',
      'Детский кардиолог3 врача',
      'Лечение аритмии',
      'Все результаты по запросу «кардиолог»',
    ]);
    const group = screen.getByRole('group', { name: 'Специальности' });
    expect([...group.querySelectorAll('[role="option"]')].map((o) => o.textContent)).toEqual([
      'Кардиолог23 врача',
      'Детский кардиолог3 врача',
    ]);
  });

  it('aborts an older request, so its late answer never replaces the newer one', async () => {
    const field = renderCombobox();
    type(field, 'терап');
    await pause(300);
    type(field, 'кардиолог');
    await pause(300);
    expect(fetches).toHaveLength(2);
    expect(fetches[0].signal.aborted).toBe(true);
    await fetches[1].answer(CARDIOLOGY);
    await fetches[0].answer({ query: 'терап', groups: [] }).catch(() => {});
    expect(screen.getAllByRole('option')[0].textContent).toBe('Кардиолог23 врача');
  });

  it('moves through the options with the arrow keys, Home and End, and Enter opens the active one', async () => {
    const field = renderCombobox();
    type(field, 'кардиолог');
    await pause(300);
    await fetches[0].answer(CARDIOLOGY);
    const options = screen.getAllByRole('option');
    fireEvent.keyDown(field, { key: 'ArrowUp' });
    expect(field.getAttribute('aria-activedescendant')).toBe(options[3].id);
    fireEvent.keyDown(field, { key: 'Home' });
    expect(field.getAttribute('aria-activedescendant')).toBe(options[0].id);
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    expect(options[1].getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(field, { key: 'End' });
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    expect(field.getAttribute('aria-activedescendant')).toBe(options[0].id);
    await act(async () => {
      fireEvent.keyDown(field, { key: 'Enter' });
    });
    expect(screen.getByTestId('where').textContent).toBe('/moskva/vrach/kardiolog/');
  });

  it('says when nothing is found; Escape closes the list, then clears the field', async () => {
    const field = renderCombobox();
    type(field, 'щщщ');
    await pause(300);
    await fetches[0].answer({ query: 'щщщ', groups: [] });
    expect(screen.getByRole('status')).toHaveProperty('textContent', 'Ничего не найдено');
    expect(field.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(field, { key: 'Escape' });
    expect(field.getAttribute('aria-expanded')).toBe('false');
    expect(field).toHaveProperty('value', 'щщщ');
    fireEvent.keyDown(field, { key: 'Escape' });
    expect(field).toHaveProperty('value', '');
  });

  it('submits the form to the full results page', async () => {
    const field = renderCombobox();
    type(field, ' УЗИ почек ');
    await act(async () => {
      fireEvent.submit(field.closest('form')!);
    });
    expect(screen.getByTestId('where').textContent).toBe(
      `/moskva/search/?q=${encodeURIComponent('узи почек')}`,
    );
  });

  it('shows the plain words’ line above their specialities, the specialities first', async () => {
    const field = renderCombobox();
    type(field, 'болит спина');
    await pause(300);
    await fetches[0].answer({
      query: 'болит спина',
      advice: { text: 'При боли в спине обычно обращаются к неврологу или вертебрологу.', urgent: false },
      groups: [
        {
          kind: 'speciality',
          title: 'Специальности',
          items: [
            { name: 'Невролог', subtitle: '12 врачей', url: '/moskva/vrach/nevrolog/' },
            { name: 'Вертебролог', subtitle: '2 врача', url: '/moskva/vrach/vertebrolog/' },
          ],
        },
      ],
    });
    const listbox = screen.getByRole('listbox', { name: 'Результаты поиска' });
    const line = document.getElementById(listbox.getAttribute('aria-describedby') ?? '');
    expect(line?.textContent).toBe('При боли в спине обычно обращаются к неврологу или вертебрологу.');
    expect(screen.queryByRole('alert')).toBeNull();
    // The line sits above the list, the lay specialities first in it.
    expect(line!.compareDocumentPosition(listbox) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getAllByRole('option')[0].textContent).toBe('Невролог12 врачей');
    // Arrow down still starts at the first speciality: the line is no option.
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    expect(field.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[0].id);
  });

  it('announces an urgent line (call 103 or 112 first) as an alert', async () => {
    const field = renderCombobox();
    type(field, 'давит в груди');
    await pause(300);
    await fetches[0].answer({
      query: 'давит в груди',
      advice: { text: 'Если боль в груди сильная — сразу звоните 103 или 112.', urgent: true },
      groups: [
        {
          kind: 'speciality',
          title: 'Специальности',
          items: [{ name: 'Кардиолог', subtitle: '23 врача', url: '/moskva/vrach/kardiolog/' }],
        },
      ],
    });
    expect(screen.getByRole('alert').textContent).toBe(
      'Если боль в груди сильная — сразу звоните 103 или 112.',
    );
  });
});
