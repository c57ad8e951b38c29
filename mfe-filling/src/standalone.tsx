import { mountStandalone } from 'shared-ui/remote';
import { FillingRoutes } from './FillingRoutes';

const root = document.createElement('div');
document.body.appendChild(root);
mountStandalone('mfe-filling', FillingRoutes, root);
