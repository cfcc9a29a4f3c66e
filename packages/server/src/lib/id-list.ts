import { AppError } from './errors.ts';

/** `id__in=3,1,2`: distinct positive ids, at most `max` of them; 400 `{id__in}` otherwise. */
export function parseIdList(value: string, max: number): number[] {
  const parts = value.split(',').map((s) => s.trim()).filter((s) => s !== '');
  if (parts.some((p) => !/^\d{1,10}$/.test(p))) throw new AppError('id_list_invalid');
  if (parts.length > max) throw new AppError('id_list_invalid', `At most ${max} ids per request.`);
  return [...new Set(parts.map(Number))];
}
