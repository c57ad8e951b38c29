import assert from 'node:assert/strict';
import { DEMO_PASSWORD, type DemoAccount } from './session.js';

/**
 * The product's API as a test uses it beside the browser: to prepare what a page needs and to check
 * what a page saved. Staff sign in at the employees' door with their email, patients at the
 * patients' door with their phone in its international form, as the login page sends it.
 */
export async function apiToken(baseUrl: string, account: DemoAccount): Promise<string> {
  const staff = account.door === '/login-employee';
  const response = await fetch(`${baseUrl}${staff ? '/employees/v1/login' : '/api/auth/login'}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(
      staff
        ? { email: account.login, password: DEMO_PASSWORD }
        : { phone: `+48${account.login}`, password: DEMO_PASSWORD },
    ),
  });
  assert.equal(response.status, 200, await response.clone().text());
  return ((await response.json()) as { token: string }).token;
}

/** A call made with `token`; fails the test on any answer but a 2xx, naming the call and the answer. */
export async function apiCall<T>(
  baseUrl: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { 'x-auth-token': token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  assert.ok(response.ok, `${method} ${path}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The raw bytes and content type of a GET, e.g. a stored file. */
export async function apiBytes(
  baseUrl: string,
  token: string,
  path: string,
): Promise<{ bytes: Buffer; contentType: string | null }> {
  const response = await fetch(`${baseUrl}${path}`, { headers: { 'x-auth-token': token } });
  assert.equal(response.status, 200, `GET ${path}`);
  return {
    bytes: Buffer.from(await response.arrayBuffer()),
    contentType: response.headers.get('content-type'),
  };
}
