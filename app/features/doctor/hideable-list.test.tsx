// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { HideableList } from './hideable-list';

afterEach(cleanup);

const items = ['Первый', 'Второй', 'Третий', 'Четвёртый', 'Пятый'];
const list = (visible: number) => (
  <HideableList items={items} visible={visible} getKey={(x) => x} renderItem={(x) => x} />
);
const collapsed = () =>
  screen.getAllByRole('listitem').map((li) => li.className.includes('hidden noscript:'));

describe('HideableList', () => {
  it('keeps every item in the HTML and hides those after the first few until expanded', () => {
    render(list(3));
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
    expect(collapsed()).toEqual([false, false, false, true, true]);
    const toggle = screen.getByRole('button', { name: 'Показать весь список' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(toggle.getAttribute('aria-controls')).toBe(screen.getByRole('list').id);

    fireEvent.click(toggle);
    expect(collapsed()).toEqual([false, false, false, false, false]);
    expect(toggle.textContent).toBe('Скрыть');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');

    fireEvent.click(toggle);
    expect(collapsed()).toEqual([false, false, false, true, true]);
    expect(toggle.textContent).toBe('Показать весь список');
  });

  it('has no toggle when everything fits', () => {
    render(list(5));
    expect(screen.queryByRole('button')).toBeNull();
    expect(collapsed()).toEqual([false, false, false, false, false]);
  });
});
