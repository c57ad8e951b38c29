/**
 * A LOCATION answer: "latitude, longitude" in degrees with 6 decimals ("52.229676, 21.012229"),
 * about 10 cm of precision. People also type the two numbers separated by a space or a semicolon,
 * and with a semicolon a decimal comma is unambiguous ("52,229676; 21,012229").
 */

export const INVALID_COORDINATES_MESSAGE = 'Nieprawidłowe współrzędne';

export interface Coordinates {
  latitude: number;
  longitude: number;
}

const NUMBER = String.raw`[-+]?\d{1,3}(?:\.\d+)?`;
const NUMBER_WITH_COMMA = String.raw`[-+]?\d{1,3}(?:[.,]\d+)?`;
const DOT_DECIMALS = new RegExp(String.raw`^(${NUMBER})\s*(?:,|\s)\s*(${NUMBER})$`);
const SEMICOLON_SEPARATED = new RegExp(String.raw`^(${NUMBER_WITH_COMMA})\s*;\s*(${NUMBER_WITH_COMMA})$`);

/** The coordinates `text` names, or null when it is not a point on Earth. */
export function parseCoordinates(text: string): Coordinates | null {
  const trimmed = text.trim();
  const match = DOT_DECIMALS.exec(trimmed) ?? SEMICOLON_SEPARATED.exec(trimmed);
  if (!match) return null;
  const degrees = (part: string) => Number(part.replace(',', '.'));
  const latitude = degrees(match[1]!);
  const longitude = degrees(match[2]!);
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { latitude, longitude };
}

export const formatCoordinates = ({ latitude, longitude }: Coordinates) =>
  `${latitude.toFixed(6)}, ${longitude.toFixed(6)}`;

/** The point on OpenStreetMap, marked, at street zoom. */
export const openStreetMapUrl = ({ latitude, longitude }: Coordinates) => {
  const [lat, lon] = [latitude.toFixed(6), longitude.toFixed(6)];
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`;
};
