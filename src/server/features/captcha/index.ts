export { captchaDeps, type CaptchaDeps } from './deps.js';
export { captchaRoutes } from './routes.js';
export { captchaProblems } from './keys.js';
export { type CaptchaCheck, checkCaptcha, pageCaptcha } from './check-captcha.js';
