import { createRemoteApp } from 'shared-ui/remote';
import { FillingRoutes } from './FillingRoutes';

export { SHELL_CONTRACT_VERSION as contractVersion } from 'shared-ui/contract-version';
export const { bootstrap, mount, unmount } = createRemoteApp(FillingRoutes, __PACKAGE_VERSION__);
