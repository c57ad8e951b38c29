import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import {
  federationManifest,
  remoteContainerName,
  type FederationManifest,
  type RemoteName,
} from '@formularze/domain/schemas';
import { AppError } from '../core/errors';
import { appExpose, DEPLOYMENTS_PATH, isOriginPath, remoteEntryUrl } from './manifest-urls';

export interface ManifestRef {
  name: RemoteName;
  version: string;
  manifestUrl: string;
}

export interface ManifestVerifier {
  /** The manifest's content once it is proven loadable by the shell; else a 422 {@link AppError}. */
  verify(ref: ManifestRef): Promise<FederationManifest>;
}

/** Why a manifest cannot be used, for the panel (Polish) and for the operator CLI (English). */
class Problem extends Error {
  constructor(
    readonly pl: string,
    readonly en: string,
  ) {
    super(en);
  }
}

export interface VerifierOptions {
  deploymentsDir: string;
  timeoutMs?: number;
}

export function createManifestVerifier({
  deploymentsDir,
  timeoutMs = 5000,
}: VerifierOptions): ManifestVerifier {
  const root = path.resolve(deploymentsDir);

  /**
   * Origin paths are this server's own deployments: read from disk, so a version can be verified
   * (and the registry changed) while the server is stopped.
   */
  function localFile(url: string): string {
    // `URL` has already collapsed any `..`; the prefix check below still keeps reads inside `root`.
    const { pathname } = new URL(url, 'http://page.invalid');
    const file = path.resolve(root, pathname.slice(DEPLOYMENTS_PATH.length + 1));
    if (!pathname.startsWith(`${DEPLOYMENTS_PATH}/`) || !file.startsWith(`${root}${path.sep}`)) {
      throw new Problem(
        `adres ${url} nie wskazuje na katalog ${DEPLOYMENTS_PATH}/`,
        `${url} is not under ${DEPLOYMENTS_PATH}/`,
      );
    }
    return file;
  }

  async function request(url: string, method: 'GET' | 'HEAD'): Promise<Response> {
    if (!/^https?:\/\//.test(url)) {
      throw new Problem(`adres ${url} nie jest adresem http(s)`, `${url} is not an http(s) URL`);
    }
    let response: Response;
    try {
      response = await fetch(url, { method, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      const reason =
        error instanceof Error && error.name === 'TimeoutError' ? `${timeoutMs / 1000} s` : String(error);
      throw new Problem(`brak odpowiedzi z ${url} (${reason})`, `no answer from ${url} (${reason})`);
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new Problem(
        `${url} odpowiada HTTP ${response.status}`,
        `${url} answered HTTP ${response.status}`,
      );
    }
    return response;
  }

  async function readText(url: string): Promise<string> {
    if (!isOriginPath(url)) return (await request(url, 'GET')).text();
    const file = localFile(url);
    try {
      return await readFile(file, 'utf8');
    } catch {
      throw new Problem(`brak pliku ${file}`, `file ${file} does not exist`);
    }
  }

  async function assertExists(url: string): Promise<void> {
    if (!isOriginPath(url)) {
      await request(url, 'HEAD');
      return;
    }
    const file = localFile(url);
    const found = await stat(file).catch(() => null);
    if (!found?.isFile()) throw new Problem(`brak pliku ${file}`, `file ${file} does not exist`);
  }

  function parse(text: string, name: RemoteName): FederationManifest {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new Problem('manifest nie jest poprawnym JSON-em', 'the manifest is not valid JSON');
    }
    const parsed = federationManifest.safeParse(json);
    if (!parsed.success) {
      const issues = z.prettifyError(parsed.error).replaceAll('\n', ' ');
      throw new Problem(
        `manifest ma nieprawidłową strukturę: ${issues}`,
        `not an mf-manifest.json: ${issues}`,
      );
    }
    const manifest = parsed.data;
    if (manifest.name !== name && manifest.name !== remoteContainerName(name)) {
      throw new Problem(
        `manifest należy do modułu ${manifest.name}, a nie ${name}`,
        `the manifest belongs to ${manifest.name}, not ${name}`,
      );
    }
    if (!appExpose(manifest)) {
      throw new Problem('manifest nie udostępnia modułu ./app', 'the manifest exposes no ./app module');
    }
    // The stored manifest is the file as published, including what the schema does not describe.
    return json as FederationManifest;
  }

  return {
    async verify({ name, version, manifestUrl }) {
      try {
        const manifest = parse(await readText(manifestUrl), name);
        await assertExists(remoteEntryUrl(manifestUrl, manifest));
        return manifest;
      } catch (error) {
        if (!(error instanceof Problem)) throw error;
        throw new AppError(
          422,
          `Nie udało się pobrać manifestu wersji ${version} modułu ${name}: ${error.pl}`,
          'manifest-invalid',
          `The manifest of ${name} ${version} cannot be used: ${error.en}`,
        );
      }
    },
  };
}
