import { createRemoteApp } from 'shared-ui/remote';
import { AuthRoutes } from './AuthRoutes';

export { SHELL_CONTRACT_VERSION as contractVersion } from '@formularze/domain/contract-version';
export const { bootstrap, mount, unmount } = createRemoteApp(AuthRoutes, __PACKAGE_VERSION__);
