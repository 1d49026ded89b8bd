export { spaRoutes } from './spa.js';
