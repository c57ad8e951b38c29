/** The operator's API behind its token: deployments, rollbacks and the server's facts. */
export { operatorRoutes as operatorPlugin } from './operator-routes';
