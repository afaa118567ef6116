// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { Button } from './button';

afterEach(cleanup);

describe('Button', () => {
  it('comes disabled in the server’s HTML, so a tap before hydration is not swallowed', () => {
    const html = renderToString(<Button>Записаться</Button>);
    expect(html).toContain('disabled=""');
    expect(html).toContain('type="button"');
  });

  it('stays enabled in the server’s HTML when it works without a script', () => {
    const html = renderToString(
      <Button type="submit" worksWithoutScript>
        Найти
      </Button>,
    );
    expect(html).not.toContain('disabled=""');
  });

  it('is enabled once rendered in the browser, and disabled and busy while its call runs', () => {
    const { rerender } = render(<Button>Сохранить</Button>);
    const button = screen.getByRole('button', { name: 'Сохранить' }) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    expect(button.getAttribute('aria-busy')).toBeNull();
    rerender(<Button busy>Сохранить</Button>);
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
  });
});
