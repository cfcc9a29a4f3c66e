// Cookie names shared by the login routes (modules/auth) and the auth hook (plugins/auth.ts).
export const SESSION_COOKIE = 'sessionid';
export const CSRF_COOKIE = 'csrftoken';
