// What a settings form shows: each field's control, label and limits, and how its value
// travels between the stored settings, the form and the PATCH body.
export type FieldSpec =
  | { kind: 'switch'; name: string; label: string; description?: string }
  | { kind: 'select'; name: string; label: string; description?: string; options: { value: string; label: string }[]; numeric?: boolean }
  | {
      kind: 'integer';
      name: string;
      label: string;
      /** A text, or one made from the stored settings (e.g. naming the server's cap). */
      description?: string | ((stored: Record<string, unknown>) => string);
      min: number;
      max: number | ((stored: Record<string, unknown>) => number);
      /** Empty means null (no limit): the placeholder says what that does. */
      nullable?: { placeholder: string };
      suffix?: string;
    };

/** A form value: switches hold booleans, selects strings, integers a number or '' while empty. */
export type FormValue = boolean | string | number;
export type FormValues = Record<string, FormValue>;

export function toFormValues(stored: Record<string, unknown>, fields: readonly FieldSpec[]): FormValues {
  return Object.fromEntries(
    fields.map((field) => {
      const value = stored[field.name];
      if (field.kind === 'switch') return [field.name, value === true];
      if (field.kind === 'select') return [field.name, String(value)];
      return [field.name, typeof value === 'number' ? value : ''];
    }),
  );
}

/** The form's values as the API's fields, to compare with the stored settings. */
export function toApiFields(values: FormValues, fields: readonly FieldSpec[]): Record<string, unknown> {
  return Object.fromEntries(
    fields.map((field) => {
      const value = values[field.name];
      if (field.kind === 'select' && field.numeric) return [field.name, Number(value)];
      if (field.kind === 'integer') return [field.name, value === '' || value === undefined ? null : Number(value)];
      return [field.name, value];
    }),
  );
}

/** The server's words for the same mistakes, so the field reads alike whichever side caught it. */
export function integerError(field: Extract<FieldSpec, { kind: 'integer' }>, stored: Record<string, unknown>, value: FormValue): string | true {
  if (value === '') return field.nullable ? true : 'This field is required.';
  const number = Number(value);
  const max = typeof field.max === 'function' ? field.max(stored) : field.max;
  if (!Number.isInteger(number)) return 'A valid integer is required.';
  if (number < field.min) return `Ensure this value is greater than or equal to ${field.min}.`;
  if (number > max) return `Ensure this value is less than or equal to ${max}.`;
  return true;
}
