/**
 * Module resolution hook: load shared-ui's TypeScript sources as ES modules.
 *
 * shared-ui's package.json has no `"type": "module"`, so tsx compiles its files as CommonJS, and
 * Node then cannot see the names behind `export * from './remotes'` (the import fails with "does
 * not provide an export named ..."). Remove this hook once shared-ui declares `"type": "module"`.
 */
export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  // tsx appends its own query (sometimes percent-encoded) to modules it treats as CommonJS.
  const [url] = resolved.url.split(/%3F|\?/);
  if (url.includes('/shared-ui/src/') && /\.tsx?$/.test(url)) return { ...resolved, url, format: 'module' };
  return resolved;
}
