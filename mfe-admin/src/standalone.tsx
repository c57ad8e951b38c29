import { mountStandalone } from 'shared-ui/remote';
import { AdminRoutes } from './AdminRoutes';

const root = document.createElement('div');
document.body.appendChild(root);
mountStandalone('mfe-admin', AdminRoutes, root);
