export { isCountableView, recordView } from './record-view.js';
