// @ts-check
/**
 * The one webpack configuration of every front-end package: the shell (host) and the five remotes.
 * What is shared, and how, is decided here once, so the areas cannot drift apart.
 */
const { createHash } = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const webpack = require('webpack');
const CopyPlugin = require('copy-webpack-plugin');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const zlib = require('node:zlib');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { InjectManifest } = require('workbox-webpack-plugin');
const { containerName } = require('./container-name');

const root = path.resolve(__dirname, '../..');
const versionOf = (pkg) => require(require.resolve(`${pkg}/package.json`, { paths: [root] })).version;

/**
 * Singletons: one copy per page whatever the number of remotes. A shared module is never
 * tree-shaken, so libraries whose whole build is large are shared through a shared-ui facade
 * that re-exports only what the product uses: Fluent UI (only the two packages that hold its
 * state are shared directly: theme/portal contexts and the Griffel renderer), React Router
 * (`shared-ui/routing`) and zod (inside `@formularze/domain/schemas`).
 */
const SINGLETON_PACKAGES = [
  'react',
  'react-dom',
  'react-dom/client',
  'react/jsx-runtime',
  '@tanstack/react-query',
  '@fluentui/react-shared-contexts',
  '@griffel/react',
  '@griffel/core',
];

/**
 * Subpaths of our own packages that hold code or state every area must see once, by package.
 * `@formularze/domain/contract-version` is deliberately absent; so is `shared-ui/components`: stateless,
 * and bundled (tree-shaken) by each area, since a shared module ships whole — every component with its
 * Fluent parts — on every first paint.
 */
const OWN_SHARED_ENTRIES = {
  '@formularze/domain': ['schemas', 'contract'],
  'shared-ui': ['theme', 'remote', 'api-client', 'routing'],
};

/**
 * The shell provides every shared module eagerly, inside its entry script: each page needs them all
 * before anything renders, and as separate chunks they were two dozen requests queued behind the
 * browser's six connections per origin (measured on the 300-question fill page, bench:fill: ready
 * ~10% sooner). The remotes keep theirs lazy, as fallbacks fetched only when the page lacks them.
 */
function sharedModules(eager) {
  /** @type {Record<string, any>} */
  const shared = {};
  for (const request of SINGLETON_PACKAGES) {
    const pkg = request.startsWith('@') ? request.split('/').slice(0, 2).join('/') : request.split('/')[0];
    const version = versionOf(pkg);
    shared[request] = { singleton: true, requiredVersion: `^${version}`, version, eager };
  }
  for (const [pkg, entries] of Object.entries(OWN_SHARED_ENTRIES)) {
    const version = versionOf(pkg);
    for (const entry of entries) {
      shared[`${pkg}/${entry}`] = { singleton: true, requiredVersion: `^${version}`, version, eager };
    }
  }
  return shared;
}

/** `/<file>?<hash of its content>` for a file served from the root: `public/` copies and page-start.js. */
function versionedUrl(packageDir, file) {
  const content = fs.readFileSync(path.join(packageDir, file));
  const hash = createHash('sha256').update(content).digest('hex').slice(0, 10);
  return `/${path.basename(file)}?${hash}`;
}

/** TypeScript and JSX of the packages' own sources. */
const SOURCE_RULE = {
  test: /\.[jt]sx?$/,
  exclude: /node_modules/,
  use: {
    loader: 'swc-loader',
    options: {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic' } },
        target: 'es2022',
      },
    },
  },
};

/** Gzip and Brotli copies, served as they are by any static host (the API server too): no compression per request. */
const precompressed = () => [
  new CompressionPlugin({
    test: /\.(js|json|html)$/,
    algorithm: 'gzip',
    filename: '[path][base].gz',
    minRatio: 0.9,
  }),
  new CompressionPlugin({
    test: /\.(js|json|html)$/,
    algorithm: 'brotliCompress',
    filename: '[path][base].br',
    compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
    minRatio: 0.9,
  }),
];

const PAGE_START = 'page-start';

/**
 * The shell's first script, `page-start.js` (`shell/src/page-start`): the session check and the
 * screen's reads, started as soon as the head is parsed, while the browser still compiles main.js.
 * Built on its own, without the federation runtime and the eager shared modules that the federation
 * plugin puts into every entry of its build: a few hundred bytes instead of ~600 KB.
 */
function pageStartConfig(packageDir) {
  return {
    name: PAGE_START,
    mode: 'production',
    context: packageDir,
    entry: { [PAGE_START]: './src/page-start/index.ts' },
    devtool: false,
    output: { path: path.join(packageDir, 'dist'), filename: '[name].js' },
    resolve: { extensions: ['.ts', '.js'] },
    module: { rules: [SOURCE_RULE] },
    plugins: precompressed(),
    performance: { hints: false },
  };
}

/**
 * The patient app's service worker (`shell/src/offline/service-worker.ts`, ADR 610), with the list of
 * the shell's files to precache: every file of this build but the page itself (rendered per request
 * by the server), the compressed copies and licence notes, plus page-start.js from its own build.
 */
function serviceWorker(packageDir) {
  return new InjectManifest({
    swSrc: './src/offline/service-worker.ts',
    swDest: 'sw.js',
    exclude: [/\.(gz|br)$/, /\.LICENSE\.txt$/, /^index\.html$/],
    // The shell's entry script is larger than Workbox's 2 MB default.
    maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
    manifestTransforms: [
      async (entries) => {
        const content = fs.readFileSync(path.join(packageDir, 'dist', `${PAGE_START}.js`));
        const revision = createHash('sha256').update(content).digest('hex').slice(0, 10);
        return {
          manifest: [...entries, { url: `/${PAGE_START}.js`, revision, size: content.length }],
          warnings: [],
        };
      },
    ],
  });
}

/**
 * @param {{ packageDir: string, kind: 'host' | 'remote', exposes?: Record<string, string>, devPort?: number }} options
 */
function createConfig({ packageDir, kind, exposes, devPort }) {
  const pkg = require(path.join(packageDir, 'package.json'));
  const isHost = kind === 'host';

  return (/** @type {any} */ _env, /** @type {{ mode?: string }} */ argv) => {
    const production = argv.mode !== 'development';
    const config = {
      mode: production ? 'production' : 'development',
      context: packageDir,
      // A remote's own entry only serves `npm run dev`; deployments need just its container.
      entry: isHost || !production ? './src/index.ts' : {},
      // No eval-based source maps: a development build of a remote also runs inside the deployed
      // product (a super-admin's override), whose Content-Security-Policy allows no eval.
      devtool: production ? false : 'cheap-module-source-map',
      output: {
        path: path.join(packageDir, 'dist'),
        // Remotes resolve their chunks next to their manifest, wherever a deployment is served from.
        publicPath: isHost ? '/' : 'auto',
        // The entry chunk carries the federation runtime, which cannot name itself by content hash;
        // the shell's HTML references it with `?<hash>` instead, and remote folders are per-version.
        filename: '[name].js',
        chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
        uniqueName: containerName(pkg.name),
        // page-start.js is built first, by a build of its own, into the same folder.
        clean: { keep: new RegExp(`^${PAGE_START}\\.js`) },
      },
      resolve: { extensions: ['.tsx', '.ts', '.js'] },
      module: {
        rules: [
          {
            // Parts of the federation runtime `require()` the others: without this they would get the
            // CommonJS builds next to the ES modules the shell imports, and the page would carry two runtimes.
            test: /[\\/]node_modules[\\/]@module-federation[\\/]/,
            resolve: {
              byDependency: {
                commonjs: { conditionNames: ['import', 'module', 'webpack', 'browser', 'default'] },
              },
            },
          },
          SOURCE_RULE,
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name: containerName(pkg.name),
          ...(isHost ? {} : { filename: 'remoteEntry.js', exposes }),
          shared: sharedModules(isHost),
          // Use what the page already loaded instead of fetching every remote entry up front to compare versions.
          shareStrategy: 'loaded-first',
          // One federation runtime per page: the shell provides it, deployed remotes use it.
          experiments: {
            ...(isHost ? { provideExternalRuntime: true } : { externalRuntime: production }),
            optimization: { disableSnapshot: true, target: 'web' },
          },
          manifest: !isHost,
          dts: false,
          dev: false,
        }),
        // V8 compiles every function of a script carrying this comment while the script streams in, on
        // a background thread, instead of on the page's only thread at each function's first call. A
        // page calls about half of the functions of the chunks it loads; measured on the 300-question
        // fill page (bench:fill), ready ~6% sooner and the long tasks ~80 ms shorter, for ~2 MB of heap.
        ...(production
          ? [
              new webpack.BannerPlugin({
                banner: '//# allFunctionsCalledOnLoad',
                raw: true,
                test: /\.js$/,
                stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_INLINE,
              }),
            ]
          : []),
        new webpack.DefinePlugin({
          __PACKAGE_VERSION__: JSON.stringify(pkg.version),
          __PACKAGE_NAME__: JSON.stringify(pkg.name),
        }),
        ...(production ? precompressed() : []),
        ...(isHost
          ? [
              // Files served as they are, e.g. the script that applies the stored theme before first paint.
              new CopyPlugin({ patterns: [{ from: 'public', noErrorOnMissing: true }] }),
              new HtmlWebpackPlugin({
                template: './src/index.html',
                // Static files are cached for good: the query string changes with the content.
                templateParameters: {
                  appearanceBootUrl: versionedUrl(packageDir, 'public/appearance-boot.js'),
                  manifestUrl: versionedUrl(packageDir, 'public/manifest.webmanifest'),
                  // Read as the page is written, once page-start.js is in dist/; `npm run dev` has none.
                  get pageStartUrl() {
                    return production ? versionedUrl(packageDir, `dist/${PAGE_START}.js`) : null;
                  },
                },
                // The template places the shell's script itself, ahead of the area's preloads and with
                // high priority: every other script waits for it, and as a deferred script (low
                // priority) it waited behind them for one of the browser's six connections.
                inject: false,
                hash: true,
                minify: false,
              }),
            ]
          : []),
        ...(isHost && production ? [serviceWorker(packageDir)] : []),
        // `npm run dev -w <remote>`: the area on its own page, with a stand-in shell.
        ...(!isHost && !production ? [new HtmlWebpackPlugin({ title: `${pkg.name} (standalone)` })] : []),
      ],
      optimization: {
        // The server fills `<!--formularze:head-->` in the shell's HTML per request: keep comments.
        minimizeOptions: { html: false },
        // The shell's lazy parts (the signed-in frame, help, footer, alerts) share modules: such a
        // module goes to a chunk of its own rather than into each of them, however small (webpack
        // copies modules under 20 KB by default).
        ...(isHost
          ? {
              splitChunks: {
                minSize: 1000,
                cacheGroups: {
                  // React DOM (a third of the entry) leaves the entry script for one of its own,
                  // loaded beside it: V8 compiles each script on one background thread, and the
                  // page waits for the entry's compilation, so two parts on two cores end sooner.
                  reactDom: {
                    test: /[\\/]node_modules[\\/](react-dom|scheduler)[\\/]/,
                    chunks: 'initial',
                    name: 'react-dom',
                    enforce: true,
                  },
                },
              },
            }
          : {}),
      },
      performance: { hints: false },
      devServer: {
        port: devPort,
        ...(!isHost && {
          onListening: () =>
            console.log(
              `\n${pkg.name} inside the deployed product: in the super-admin panel (Wersje modułów), ` +
                `"Wersja deweloperska w tej przeglądarce" with http://localhost:${devPort}/remoteEntry.js\n`,
            ),
        }),
        historyApiFallback: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        proxy: [
          {
            context: ['/api', '/employees', '/deployments', '/org-media'],
            target: process.env.API_URL ?? 'http://localhost:8080',
          },
          // The registration's live channel is a WebSocket.
          { context: ['/tenants'], target: process.env.API_URL ?? 'http://localhost:8080', ws: true },
        ],
      },
    };
    return isHost && production
      ? [pageStartConfig(packageDir), { ...config, dependencies: [PAGE_START] }]
      : config;
  };
}

module.exports = { createConfig };
