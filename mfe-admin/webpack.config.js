const { createConfig } = require('../tools/webpack/create-config');

module.exports = createConfig({
  packageDir: __dirname,
  kind: 'remote',
  exposes: { './app': './src/app.tsx' },
  devPort: 3005,
});
