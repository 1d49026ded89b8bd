/** The hosts the in-process app answers on in tests and in the seed (APP_URL and PUBLIC_URL's defaults on port 3000). */
export const APP_HOST = 'localhost:3000';
export const PUBLIC_HOST = '127.0.0.1:3000';
