/** Injected at build time by webpack's DefinePlugin: the package version of the bundle. */
declare const __PACKAGE_VERSION__: string;
declare const __PACKAGE_NAME__: string;
