import { expect, it } from 'vitest';
import { describeAction, describeDetails, describeObject } from './feeds.ts';

it.each([
  ['group.custom_data.create', 'Group custom data create'],
  ['api_key_network.delete', 'API key network delete'],
  ['auth.login', 'Auth login'],
])('describes the action %s as %s', (action, text) => {
  expect(describeAction(action)).toBe(text);
});

it('lists the details as key: value pairs', () => {
  expect(describeDetails({ name: 'Routers', parent: null, user_id: 3, value: ['GU', 'M'] })).toBe('name: Routers, parent: -, user id: 3, value: ["GU","M"]');
});

it('names the object by its content type, or as stored when the type is unknown', () => {
  const types = [{ id: 3, model: 'group', name: 'Group' }, { id: 1, model: 'company', name: 'Company account' }];
  expect(describeObject({ object: 'group:4', content_type: 3, object_id: 4 }, types)).toBe('Group 4');
  expect(describeObject({ object: 'company', content_type: 1, object_id: null }, types)).toBe('Company account');
  expect(describeObject({ object: 'widget:2', content_type: null, object_id: 2 }, types)).toBe('widget:2');
});
