import { setupServer } from 'msw/node';
import { APP_FRAME_HANDLERS } from './app-frame-handlers.ts';

/** Answers only what the app frame loads on every navigation (app-frame-handlers.ts): every test declares the API answers its page relies on. */
export const server = setupServer(...APP_FRAME_HANDLERS);
