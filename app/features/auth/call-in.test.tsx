// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CallInPanel } from './call-in';

/** A socket the test drives: it records the URL and lets the test send the server's message. */
class FakeSocket {
  static last: FakeSocket | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeSocket.last = this;
  }
  close() {
    this.closed = true;
  }
}

type Reply = { status: number; body: unknown };

function stubFinish(replies: Reply[]) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      const reply = replies.shift() ?? { status: 202, body: { status: 'waiting' } };
      return Response.json(reply.body, { status: reply.status });
    }),
  );
  return urls;
}

const T0 = new Date('2026-11-22T10:00:00Z').getTime();

function renderPanel() {
  const handlers = { onAuthorized: vi.fn(), onGiveUp: vi.fn(), onDialog: vi.fn(), onBack: vi.fn() };
  render(
    <CallInPanel
      phone="79001234567"
      request={{ uuid: '0b7c3f1e-2a4d-4c55-9f00-123456789abc', callPhone: '88005553535', startedAt: T0 }}
      clientId="portal"
      {...handlers}
    />,
  );
  return handlers;
}

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
  vi.stubGlobal('WebSocket', FakeSocket);
  FakeSocket.last = null;
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('CallInPanel', () => {
  it('shows the toll-free number and polls every 5 s until the call came', async () => {
    const urls = stubFinish([
      { status: 202, body: { status: 'waiting' } },
      { status: 200, body: { authorization_code: 'auth-9' } },
    ]);
    const handlers = renderPanel();
    expect(screen.getByText('Для подтверждения позвоните нам...').textContent).toBe(
      'Для подтверждения позвоните нам...',
    );
    expect(screen.getByRole('link', { name: '8 800 555-35-35' }).getAttribute('href')).toBe(
      'tel:88005553535',
    );

    await act(async () => {
      await vi.advanceTimersByTimeAsync(4_999);
    });
    expect(urls).toEqual([]);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(urls).toHaveLength(1);
    expect(urls[0]).toContain('source=timer');
    expect(urls[0]).toContain('time=5000');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5_000);
    });
    expect(handlers.onAuthorized).toHaveBeenCalledWith('auth-9');
    expect(FakeSocket.last?.closed).toBe(true);
    // Stopped: no more polls.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(20_000);
    });
    expect(urls).toHaveLength(2);
  });

  it('finishes at once when the websocket says the call came', async () => {
    const urls = stubFinish([{ status: 200, body: { authorization_code: 'auth-ws' } }]);
    const handlers = renderPanel();
    expect(FakeSocket.last?.url).toBe(
      `ws://${window.location.host}/ws/phone_confirmation/call/0b7c3f1e-2a4d-4c55-9f00-123456789abc?subscribe-broadcast`,
    );
    await act(async () => {
      FakeSocket.last?.onmessage?.({ data: '{"status":"confirmed"}' });
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(urls[0]).toContain('source=ws');
    expect(handlers.onAuthorized).toHaveBeenCalledWith('auth-ws');
  });

  it('gives up after 15 minutes', async () => {
    stubFinish([]);
    const handlers = renderPanel();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(895_000);
    });
    expect(handlers.onGiveUp).not.toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5_000);
    });
    expect(handlers.onGiveUp).toHaveBeenCalledOnce();
    expect(FakeSocket.last?.closed).toBe(true);
  });

  it('gives up when the request expired on the server', async () => {
    stubFinish([{ status: 404, body: { code: 'obsolete', detail: 'x' } }]);
    const handlers = renderPanel();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Подтвердить' }));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(handlers.onGiveUp).toHaveBeenCalledOnce();
  });

  it('reports a dropped connection only when the patient pressed Подтвердить', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const handlers = renderPanel();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5_000);
    });
    expect(handlers.onDialog).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Подтвердить' }));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(handlers.onDialog).toHaveBeenCalledWith({ kind: 'network' });
  });
});
