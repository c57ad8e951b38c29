import { createRemoteApp } from 'shared-ui/remote';
import { FillingRoutes } from './FillingRoutes';
import { preloadFillScreen } from './features/filling/components/FillRoute';

export { SHELL_CONTRACT_VERSION as contractVersion } from 'shared-ui/contract-version';
export const { bootstrap, mount, unmount, preload } = createRemoteApp(FillingRoutes, __PACKAGE_VERSION__, {
  preload: preloadFillScreen,
});
