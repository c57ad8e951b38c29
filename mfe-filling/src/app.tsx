import { createRemoteApp } from 'shared-ui/remote';
import { FillingRoutes } from './FillingRoutes';
import { preloadFillScreen } from './features/filling/components/FillRoute';
import { startSendQueueOnce } from './features/send-queue/start';

export { SHELL_CONTRACT_VERSION as contractVersion } from '@formularze/domain/contract-version';
const lifecycles = createRemoteApp(FillingRoutes, __PACKAGE_VERSION__, { preload: preloadFillScreen });
export const { bootstrap, unmount, preload } = lifecycles;
export const mount: typeof lifecycles.mount = (props) => {
  startSendQueueOnce(props.shell);
  return lifecycles.mount(props);
};
