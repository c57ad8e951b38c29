import { formatCoordinates, openStreetMapUrl, parseCoordinates } from '../coordinates';

describe('coordinates', () => {
  it.each([
    ['52.229676, 21.012229', { latitude: 52.229676, longitude: 21.012229 }],
    ['  52.229676,21.012229 ', { latitude: 52.229676, longitude: 21.012229 }],
    ['52.229676 21.012229', { latitude: 52.229676, longitude: 21.012229 }],
    ['52,229676; 21,012229', { latitude: 52.229676, longitude: 21.012229 }],
    ['-90, 180', { latitude: -90, longitude: 180 }],
    ['+45.5, -73', { latitude: 45.5, longitude: -73 }],
  ])('reads %j', (text, expected) => {
    expect(parseCoordinates(text)).toEqual(expected);
  });

  it.each([
    '',
    '52.229676',
    '90.000001, 0',
    '0, 180.5',
    '52,229676, 21,012229',
    'Warszawa',
    '52.2, 21.0, 3',
    '1234, 5',
  ])('refuses %j', (text) => {
    expect(parseCoordinates(text)).toBeNull();
  });

  it('writes 6 decimals and links the point on OpenStreetMap', () => {
    const point = { latitude: 52.2296756, longitude: 21.0122287 };
    expect(formatCoordinates(point)).toBe('52.229676, 21.012229');
    expect(openStreetMapUrl(point)).toBe(
      'https://www.openstreetmap.org/?mlat=52.229676&mlon=21.012229#map=17/52.229676/21.012229',
    );
  });
});
