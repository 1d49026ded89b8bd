export { FORMATS_WARM_UP_HASH, spaRoutes } from './spa.js';
