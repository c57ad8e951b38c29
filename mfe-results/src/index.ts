// Standalone development entry: the shell loads `./app` (src/app.tsx) instead.
import('./standalone');
