import { describe, expect, it } from 'vitest';
import { ApiError, DEFAULT_ERROR_MESSAGE, messageOf, readCsrfToken } from './api-client.ts';

describe('readCsrfToken', () => {
  it.each([
    ['csrftoken=abc', 'abc'],
    ['sessionid=x; csrftoken=abc%3D%3D; theme=dark', 'abc=='],
    ['sessionid=x', null],
    ['', null],
  ])('%j → %j', (cookies, expected) => {
    expect(readCsrfToken(cookies)).toBe(expected);
  });
});

describe('messageOf', () => {
  it.each([
    [{ detail: 'Not found.' }, 'Not found.'],
    [{ non_field_errors: ['Unable to log in with the provided credentials.'] }, 'Unable to log in with the provided credentials.'],
    [{ name: ['This field is required.'], parent: ['Too deep.'] }, 'This field is required. Too deep.'],
    [{ error_id: 'e-1' }, DEFAULT_ERROR_MESSAGE],
    [null, DEFAULT_ERROR_MESSAGE],
    ['Bad gateway', 'Bad gateway'],
  ])('%j → %s', (body, expected) => {
    expect(messageOf(body)).toBe(expected);
  });
});

describe('ApiError', () => {
  it('exposes the error id of a 500', () => {
    expect(new ApiError(500, { error_id: 'X-17' }).errorId).toBe('X-17');
    expect(new ApiError(500, null).errorId).toBeNull();
  });

  it('exposes field errors only for a 400', () => {
    expect(new ApiError(400, { name: ['Taken.'], detail: 'x' }).fieldErrors).toEqual({ name: ['Taken.'], detail: ['x'] });
    expect(new ApiError(404, { name: ['Taken.'] }).fieldErrors).toEqual({});
  });
});
