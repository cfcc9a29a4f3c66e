import { setupServer } from 'msw/node';

/** Starts with no handlers: every test declares the API answers it relies on. */
export const server = setupServer();
