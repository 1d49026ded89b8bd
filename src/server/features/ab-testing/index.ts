export { createVariantAssigner, type PageUnderTest, testRunning, type VariantAssigner } from './assign-variant.js';
