import { Type } from 'typebox';

export const ScanLogLine = Type.Object({
  at: Type.String({ format: 'date-time' }),
  level: Type.Union([Type.Literal('info'), Type.Literal('warning'), Type.Literal('error')]),
  message: Type.String(),
}, { title: 'ScanLogLine' });

export const ScanLog = Type.Object({
  lines: Type.Array(ScanLogLine, { description: 'Oldest first; the newest 200 lines of the scan.' }),
}, { title: 'ScanLog' });
