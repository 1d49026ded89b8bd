export { placementLoaderRoutes } from './loader-routes.js';
export { placementsRoutes } from './routes.js';
export { placementStatsRoutes } from './stats-routes.js';
