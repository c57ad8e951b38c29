import { createRemoteApp } from 'shared-ui/remote';
import { FormsBuilderRoutes } from './FormsBuilderRoutes';

export { SHELL_CONTRACT_VERSION as contractVersion } from '@formularze/domain/contract-version';
export const { bootstrap, mount, unmount } = createRemoteApp(FormsBuilderRoutes, __PACKAGE_VERSION__);
