export const SESSION_COOKIE = 'sessionid';
export const CSRF_COOKIE = 'csrftoken';
