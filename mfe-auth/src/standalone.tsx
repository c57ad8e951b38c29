import { mountStandalone } from 'shared-ui/remote';
import { AuthRoutes } from './AuthRoutes';

const root = document.createElement('div');
document.body.appendChild(root);
mountStandalone('mfe-auth', AuthRoutes, root);
