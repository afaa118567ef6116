// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WEBHOOK_UI as T, WEBHOOK_TEXTS } from '../../../core/mis/webhooks';
import { stubRoutes } from './fetch-stub';
import { Webhooks } from './webhooks';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const hook = {
  id: 1,
  url: 'https://mis.example.ru/hook',
  events: null,
  created_at: '2026-11-22T05:00:00.000Z',
};
const delivery = (state: 'queued' | 'delivered' | 'failed') => ({
  id: 7,
  delivery_id: '3f1c0e9a-0000-4000-8000-000000000007',
  webhook_id: 1,
  url: hook.url,
  appointment_id: 42,
  event: 'appointment.booked',
  state,
  attempts: 3,
  last_status: state === 'delivered' ? 200 : 500,
  last_response: 'Internal Server Error',
  last_attempt_at: '2026-11-22T05:01:00.000Z',
  delivered_at: null,
  created_at: '2026-11-22T05:00:00.000Z',
});
const flush = () => act(async () => {});

describe('Webhooks', () => {
  it('lists the endpoints and the delivery log, and «Повторить» sends a given-up delivery again', async () => {
    const sent = stubRoutes({
      'GET /cabinet/ajax/webhooks/': [{ body: { webhooks: [hook], limit: 5 } }],
      'GET /cabinet/ajax/webhooks/deliveries/': [
        { body: { deliveries: [delivery('failed')], before: null } },
      ],
      'POST /cabinet/ajax/webhooks/deliveries/7/redeliver/': [{ body: delivery('queued') }],
    });
    const { container } = render(<Webhooks />);
    await flush();
    expect(container.querySelector('[data-webhook="1"]')?.textContent).toContain(hook.url);
    expect(container.querySelector('[data-webhook="1"]')?.textContent).toContain(T.allEvents);
    const row = container.querySelector('[data-webhook-delivery="7"]');
    expect(row?.textContent).toContain('не доставлено');
    expect(row?.textContent).toContain('HTTP 500');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: T.redeliver })));
    expect(sent.at(-1)?.route).toBe('POST /cabinet/ajax/webhooks/deliveries/7/redeliver/');
    expect(container.querySelector('[data-webhook-delivery="7"]')?.textContent).toContain('в очереди');
    expect(screen.queryByRole('button', { name: T.redeliver })).toBeNull();
  });

  it('adds an endpoint with the chosen events and shows its secret once; a refusal is said', async () => {
    const sent = stubRoutes({
      'GET /cabinet/ajax/webhooks/': [{ body: { webhooks: [], limit: 5 } }],
      'GET /cabinet/ajax/webhooks/deliveries/': [{ body: { deliveries: [], before: null } }],
      'POST /cabinet/ajax/webhooks/': [
        { status: 400, body: { detail: WEBHOOK_TEXTS.privateAddress } },
        {
          status: 201,
          body: { id: 2, secret: 'whsec_abc', webhook: { ...hook, id: 2, events: ['appointment.canceled'] } },
        },
      ],
    });
    const { container } = render(<Webhooks />);
    await flush();
    expect(screen.getByText(T.none)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(T.url), { target: { value: 'https://10.0.0.1/hook' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: T.create })));
    expect(screen.getByText(WEBHOOK_TEXTS.privateAddress)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(T.url), { target: { value: hook.url } });
    fireEvent.click(screen.getByRole('checkbox', { name: /appointment\.canceled/ }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: T.create })));
    expect(sent.at(-1)).toEqual({
      route: 'POST /cabinet/ajax/webhooks/',
      body: { url: hook.url, events: ['appointment.canceled'] },
    });
    expect(screen.getByRole('status').textContent).toContain('whsec_abc');
    expect(container.querySelector('[data-webhook="2"]')?.textContent).toContain('отмена');
  });

  it('says why the list was refused instead of loading for ever', async () => {
    const refused = {
      status: 403,
      body: { detail: 'Недостаточно прав: это может сделать администратор клиники' },
    };
    stubRoutes({
      'GET /cabinet/ajax/webhooks/': [refused],
      'GET /cabinet/ajax/webhooks/deliveries/': [refused],
    });
    render(<Webhooks />);
    await flush();
    expect(screen.getAllByText(refused.body.detail).length).toBeGreaterThan(0);
    expect(screen.queryByText(T.loading)).toBeNull();
  });
});
