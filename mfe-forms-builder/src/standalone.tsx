import { mountStandalone } from 'shared-ui/remote';
import { FormsBuilderRoutes } from './FormsBuilderRoutes';

const root = document.createElement('div');
document.body.appendChild(root);
mountStandalone('mfe-forms-builder', FormsBuilderRoutes, root);
