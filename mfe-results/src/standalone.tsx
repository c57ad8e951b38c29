import { mountStandalone } from 'shared-ui/remote';
import { ResultsRoutes } from './ResultsRoutes';

const root = document.createElement('div');
document.body.appendChild(root);
mountStandalone('mfe-results', ResultsRoutes, root);
