import { type Static, Type } from 'typebox';
import { PageQuery, Paged } from '../../lib/paging.ts';
import { Text } from '../../lib/schemas.ts';

/** Spec §3: system status entries and login messages have a level, info by default. */
export const Level = Type.Union([Type.Literal('info'), Type.Literal('warning'), Type.Literal('error')], {
  description: 'info (default), warning or error; the web app shows a banner for anything but info.',
});
export type Level = Static<typeof Level>;

export const MAX_TAGS = 10;
const Tags = Type.Array(Text({ minLength: 1, maxLength: 50 }), { maxItems: MAX_TAGS, description: 'Free labels, e.g. ["maintenance"].' });
const MessageText = Text({ minLength: 1, maxLength: 10_000 });
const Moment = Type.Union([Type.String({ format: 'date-time' }), Type.Null()]);

export const LoginMessage = Type.Object({
  id: Type.Integer(),
  level: Level,
  tags: Type.Array(Type.String()),
  text: Type.String(),
  starts_at: Type.Union([Type.String(), Type.Null()], { description: 'Shown from this moment; null: already.' }),
  ends_at: Type.Union([Type.String(), Type.Null()], { description: 'Shown until this moment; null: until removed.' }),
  created: Type.String(),
}, { title: 'LoginMessage' });
export type LoginMessage = Static<typeof LoginMessage>;
export const LoginMessagePage = Paged(LoginMessage);

export const LoginMessageListQuery = Type.Object({
  ...PageQuery,
  all: Type.Optional(Type.Boolean({ description: 'Also messages outside their window (change_companyaccount only).' })),
});
export type LoginMessageListQuery = Static<typeof LoginMessageListQuery>;

export const LoginMessageCreate = Type.Object({
  level: Type.Optional(Level),
  tags: Type.Optional(Tags),
  text: MessageText,
  starts_at: Type.Optional(Moment),
  ends_at: Type.Optional(Moment),
}, { title: 'LoginMessageCreate' });
export type LoginMessageCreate = Static<typeof LoginMessageCreate>;

export const LoginMessageUpdate = Type.Partial(LoginMessageCreate, { title: 'LoginMessageUpdate' });
export type LoginMessageUpdate = Static<typeof LoginMessageUpdate>;

export const SystemStatus = Type.Object({
  id: Type.String({ description: '"knowledge-base" and "scan-queue" for the server\'s own state, the entry\'s number for one an administrator set.' }),
  level: Level,
  tags: Type.Array(Type.String()),
  text: Type.String(),
  source: Type.Union([Type.Literal('server'), Type.Literal('administrator')]),
  created: Type.Union([Type.String(), Type.Null()]),
}, { title: 'SystemStatus' });
export type SystemStatus = Static<typeof SystemStatus>;
export const SystemStatusList = Type.Array(SystemStatus);

export const SystemStatusCreate = Type.Object({ level: Type.Optional(Level), tags: Type.Optional(Tags), text: MessageText }, { title: 'SystemStatusCreate' });
export type SystemStatusCreate = Static<typeof SystemStatusCreate>;

export const Notice = Type.Object({
  id: Type.Integer(),
  level: Level,
  title: Type.String(),
  text: Type.String(),
  created: Type.String(),
}, { title: 'Notice' });
export type Notice = Static<typeof Notice>;
export const NoticePage = Paged(Notice);
export const NoticeListQuery = Type.Object({ ...PageQuery });
export type NoticeListQuery = Static<typeof NoticeListQuery>;

export const NoticeCreate = Type.Object({
  level: Type.Optional(Level),
  title: Text({ minLength: 1, maxLength: 200 }),
  text: MessageText,
}, { title: 'NoticeCreate' });
export type NoticeCreate = Static<typeof NoticeCreate>;
