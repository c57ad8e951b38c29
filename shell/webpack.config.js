const { createConfig } = require('../tools/webpack/create-config');

module.exports = createConfig({ packageDir: __dirname, kind: 'host', devPort: 3000 });
