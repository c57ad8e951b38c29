/** An organization's settings (§ settings), read by every screen and changed by its owner. */
export { settingsRoutes as settingsPlugin } from './settings-routes';
