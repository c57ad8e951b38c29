/** Module Federation container names must be valid identifiers: `mfe-auth` becomes `mfe_auth`. */
function containerName(packageName) {
  return packageName.replace(/-/g, '_');
}
module.exports = { containerName };
