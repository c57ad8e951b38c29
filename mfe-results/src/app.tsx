import { createRemoteApp } from 'shared-ui/remote';
import { ResultsRoutes } from './ResultsRoutes';

export { SHELL_CONTRACT_VERSION as contractVersion } from '@formularze/domain/contract-version';
export const { bootstrap, mount, unmount } = createRemoteApp(ResultsRoutes, __PACKAGE_VERSION__);
