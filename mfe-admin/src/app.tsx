import { createRemoteApp } from 'shared-ui/remote';
import { AdminRoutes } from './AdminRoutes';

export { SHELL_CONTRACT_VERSION as contractVersion } from '@formularze/domain/contract-version';
export const { bootstrap, mount, unmount } = createRemoteApp(AdminRoutes, __PACKAGE_VERSION__);
