/** What only a signed-in user sees: loaded after sign-in, so it weighs nothing on the login page. */
export { Breadcrumbs } from './Breadcrumbs';
export { SessionOverlays } from './SessionOverlays';
export { SideMenu } from './SideMenu';
export { SignedInTools } from './SignedInTools';
export { MenuToggle } from './MenuToggle';
