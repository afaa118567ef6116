// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCESSIBILITY_LABELS, ACCESSIBILITY_TEXTS as T } from '../../../core/clinic/accessibility';
import { AccessibilityEditor } from './accessibility-editor';
import { json, stubFetch } from './fetch-stub';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AccessibilityEditor', () => {
  it('saves the ticked features and shows what the server kept', async () => {
    const stub = stubFetch(json({ features: ['step_free', 'lift'] }));
    render(<AccessibilityEditor features={['step_free']} />);
    fireEvent.click(screen.getByRole('checkbox', { name: ACCESSIBILITY_LABELS.lift }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: T.save })));
    expect(stub.sent()).toMatchObject({
      url: '/cabinet/ajax/clinic/accessibility/',
      method: 'POST',
      body: { features: ['step_free', 'lift'] },
    });
    expect(screen.getByRole('status').textContent).toBe(T.saved);
  });

  it('reads a refusal that names a field as the form’s alert', async () => {
    stubFetch(json({ detail: 'Выберите из списка', errors: { features: 'Выберите из списка' } }, 400));
    render(<AccessibilityEditor features={[]} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: T.save })));
    expect(screen.getByRole('alert').textContent).toBe('Выберите из списка');
  });
});
