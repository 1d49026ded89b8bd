export { placementStatsRoutes } from './stats-routes.js';
