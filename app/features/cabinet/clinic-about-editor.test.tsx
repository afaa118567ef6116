// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLINIC_PAGE_TEXTS as T } from '../../../core/clinic/page-editor';
import { ClinicAboutEditor } from './clinic-about-editor';
import { json, stubFetch } from './fetch-stub';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const about = { description: 'Клиника', phones: ['74951234567'], website: '' };

describe('ClinicAboutEditor', () => {
  it('saves the description, phones and site, and shows them as the server kept them', async () => {
    const stub = stubFetch(
      json({
        description: 'Клиника у метро',
        phones: ['74951234567', '74957654321'],
        website: 'https://k.ru',
      }),
    );
    render(<ClinicAboutEditor about={about} />);
    fireEvent.change(screen.getByRole('textbox', { name: T.description }), {
      target: { value: 'Клиника у метро' },
    });
    fireEvent.click(screen.getByRole('button', { name: `+ ${T.addPhone}` }));
    fireEvent.change(screen.getByRole('textbox', { name: `${T.phone} 2` }), {
      target: { value: '8 495 765 43 21' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: T.website }), { target: { value: 'k.ru' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: T.save })));
    expect(stub.sent()).toMatchObject({
      url: '/cabinet/ajax/clinic/about/',
      body: {
        description: 'Клиника у метро',
        phones: ['+7 (495) 123-45-67', '8 495 765 43 21'],
        website: 'k.ru',
      },
    });
    expect((screen.getByRole('textbox', { name: `${T.phone} 2` }) as HTMLInputElement).value).toBe(
      '+7 (495) 765-43-21',
    );
    expect(screen.getByRole('status').textContent).toBe(T.saved);
  });

  it('reads a refused site as the form’s alert', async () => {
    stubFetch(
      json({ detail: T.websiteInvalid, code: 'bad_request', errors: { website: T.websiteInvalid } }, 400),
    );
    render(<ClinicAboutEditor about={about} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: T.save })));
    expect(screen.getByRole('alert').textContent).toBe(T.websiteInvalid);
  });
});
