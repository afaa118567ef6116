import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { HomeVisitPlace } from './visit-place';

const home = {
  line: 'ул. Ленина, д. 5, кв. 12',
  district: 'Центральный',
  note: 'Код 12К',
  lat: null,
  lon: null,
};

describe('HomeVisitPlace', () => {
  it('shows the patient’s point on the map when the address was placed on it', () => {
    const html = renderToStaticMarkup(<HomeVisitPlace home={{ ...home, lat: 55.0415, lon: 82.9346 }} />);
    expect(html).toContain('ул. Ленина, д. 5, кв. 12');
    expect(html).toContain('Центральный район');
    expect(html).toContain('href="https://yandex.ru/maps/?pt=82.9346,55.0415&amp;z=17&amp;l=map"');
    expect(html).toContain('Адрес на карте');
  });

  it('offers no map for an address not placed on it (never the clinic’s point instead)', () => {
    const html = renderToStaticMarkup(<HomeVisitPlace home={home} />);
    expect(html).not.toContain('Адрес на карте');
    expect(html).not.toContain('yandex.ru');
  });
});
