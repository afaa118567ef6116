// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClinicMedia } from '../../../core/cabinet/clinic-page-contracts';
import { CLINIC_MEDIA_TEXTS as T } from '../../../core/clinic/media';
import { VIDEO_TEXTS } from '../../../core/clinic/video';
import { ClinicMediaEditor } from './clinic-media-editor';
import { formOf, json, stubFetch } from './fetch-stub';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const none: ClinicMedia = { today: '2025-03-03', photos: [], videos: [], licences: [], equipment: [] };
const licence = { id: 3, number: 'Л041-1', issuedAt: '2021-04-15', authority: 'Департамент', image: null };
const tool = (id: number, name: string) => ({ id, name, description: '', attributes: [], image: null });
const region = (name: string) => within(screen.getByRole('region', { name }));

describe('ClinicMediaEditor', () => {
  it('adds a licence and lists it; the add form starts again empty', async () => {
    const stub = stubFetch(json({ ...none, licences: [licence] }));
    render(<ClinicMediaEditor media={none} />);
    const add = within(screen.getByRole('form', { name: T.licenceAdd }));
    fireEvent.change(add.getByLabelText(T.licenceNumber), { target: { value: licence.number } });
    fireEvent.change(add.getByLabelText(T.licenceIssuedAt), { target: { value: licence.issuedAt } });
    fireEvent.change(add.getByLabelText(T.licenceAuthority), { target: { value: licence.authority } });
    await act(async () => fireEvent.click(add.getByRole('button', { name: T.licenceAdd })));
    expect(stub.sent()).toMatchObject({
      url: '/cabinet/ajax/clinic/media/licences/',
      body: { number: licence.number, issuedAt: licence.issuedAt, authority: licence.authority, image: null },
    });
    const licences = region(T.licencesTitle);
    expect(licences.getByRole('status').textContent).toBe(T.licenceAdded);
    expect(licences.getByText(/№ Л041-1/)).toBeTruthy();
    expect((add.getByLabelText(T.licenceNumber) as HTMLInputElement).value).toBe('');
  });

  it('changes a listed licence in place, and reads a refusal that names a field as the section’s alert', async () => {
    const stub = stubFetch(
      json(
        {
          detail: 'Укажите номер лицензии',
          code: 'bad_request',
          errors: { number: 'Укажите номер лицензии' },
        },
        400,
      ),
    );
    render(<ClinicMediaEditor media={{ ...none, licences: [licence] }} />);
    const licences = region(T.licencesTitle);
    fireEvent.click(licences.getByRole('button', { name: `${T.edit}: № ${licence.number}` }));
    const edit = within(licences.getByRole('form', { name: T.save }));
    fireEvent.change(edit.getByLabelText(T.licenceNumber), { target: { value: '' } });
    await act(async () => fireEvent.click(edit.getByRole('button', { name: T.save })));
    expect(stub.sent()).toMatchObject({
      url: '/cabinet/ajax/clinic/media/licences/3/',
      body: { number: '' },
    });
    expect(licences.getByRole('alert').textContent).toBe('Укажите номер лицензии');
    // Still open to put right.
    expect(licences.getByRole('form', { name: T.save })).toBeTruthy();
  });

  it('orders the equipment and adds a piece with its picture uploaded first', async () => {
    const stub = stubFetch(
      json({ ...none, equipment: [tool(2, 'МРТ'), tool(1, 'УЗИ')] }),
      json({ src: '/media/clinics/abc.webp' }),
      json({ ...none, equipment: [tool(2, 'МРТ'), tool(1, 'УЗИ'), tool(5, 'КТ')] }),
    );
    render(<ClinicMediaEditor media={{ ...none, equipment: [tool(1, 'УЗИ'), tool(2, 'МРТ')] }} />);
    const equipment = region(T.equipmentTitle);
    await act(async () => fireEvent.click(equipment.getByRole('button', { name: `${T.moveDown}: УЗИ` })));
    expect(stub.sent(0)).toMatchObject({
      url: '/cabinet/ajax/clinic/media/equipment/1/move/',
      body: { direction: 'down' },
    });
    expect(equipment.getByRole('status').textContent).toBe(T.moved);
    const add = within(equipment.getByRole('form', { name: T.equipmentAdd }));
    fireEvent.change(add.getByLabelText(T.equipmentName), { target: { value: 'КТ' } });
    const picture = new File(['png'], 'kt.png', { type: 'image/png' });
    await act(async () =>
      fireEvent.change(add.getByLabelText(T.equipmentImage), { target: { files: [picture] } }),
    );
    expect(stub.sent(1).url).toBe('/cabinet/ajax/clinic/media/images/');
    await act(async () => fireEvent.click(add.getByRole('button', { name: T.equipmentAdd })));
    expect(stub.sent(2)).toMatchObject({
      url: '/cabinet/ajax/clinic/media/equipment/',
      body: { name: 'КТ', image: '/media/clinics/abc.webp' },
    });
    expect(equipment.getByRole('status').textContent).toBe(T.equipmentAdded);
  });

  it('refuses another host’s video before any call, and adds a RuTube one', async () => {
    const video = {
      id: 8,
      host: 'rutube' as const,
      embedUrl: 'https://rutube.ru/play/embed/0123456789abcdef0123456789abcdef',
      watchUrl: 'https://rutube.ru/video/0123456789abcdef0123456789abcdef/',
      caption: 'Экскурсия',
    };
    const stub = stubFetch(json({ ...none, videos: [video] }));
    render(<ClinicMediaEditor media={none} />);
    const videos = region(T.videosTitle);
    const add = within(videos.getByRole('form', { name: T.videoAdd }));
    fireEvent.change(add.getByLabelText(T.videoUrl), { target: { value: 'https://youtu.be/x' } });
    await act(async () => fireEvent.click(add.getByRole('button', { name: T.videoAdd })));
    expect(videos.getByRole('alert').textContent).toBe(VIDEO_TEXTS.unsupported);
    expect(stub.fetch).not.toHaveBeenCalled();
    fireEvent.change(add.getByLabelText(T.videoUrl), { target: { value: video.watchUrl } });
    fireEvent.change(add.getByLabelText(T.caption), { target: { value: video.caption } });
    await act(async () => fireEvent.click(add.getByRole('button', { name: T.videoAdd })));
    expect(stub.sent()).toMatchObject({
      url: '/cabinet/ajax/clinic/media/videos/',
      body: { url: video.watchUrl, caption: video.caption },
    });
    expect(videos.getByRole('status').textContent).toBe(T.videoAdded);
    expect(videos.getByRole('link', { name: video.watchUrl })).toBeTruthy();
  });

  it('uploads a photo as soon as it is chosen, and says why one was refused', async () => {
    const stub = stubFetch(json({ detail: 'Файл больше 10 МБ' }, 413));
    render(<ClinicMediaEditor media={none} />);
    const photos = region(T.photosTitle);
    const upload = within(photos.getByRole('group', { name: T.photoUpload }));
    fireEvent.change(upload.getByLabelText(T.caption), { target: { value: 'Холл' } });
    const photo = new File(['png'], 'hall.png', { type: 'image/png' });
    await act(async () =>
      fireEvent.change(upload.getByLabelText(T.photoUpload), { target: { files: [photo] } }),
    );
    const sent = stub.sent();
    expect(sent.url).toBe('/cabinet/ajax/clinic/media/photos/');
    expect(formOf(sent.body).get('caption')).toBe('Холл');
    expect(photos.getByRole('alert').textContent).toBe('Файл больше 10 МБ');
  });
});
