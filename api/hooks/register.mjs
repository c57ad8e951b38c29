// Passed to node with `--import` after tsx; see shared-ui-esm.mjs.
import { register } from 'node:module';

register('./shared-ui-esm.mjs', import.meta.url);
