// Benchmarks launch the browser the tests do.
export { CHROMIUM_FLAGS, launchChromium } from '@tests/kit/chromium';
