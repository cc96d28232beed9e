import { useCallback, useState, type ChangeEvent } from 'react';
import type { z } from 'zod';

type Values = Record<string, string>;

/**
 * Form state checked by a contract schema: `submit` validates and returns the parsed body (or
 * null and shows the messages); `setServerErrors` puts the API's field errors beside the fields.
 */
export function useZodForm<V extends Values, S extends z.ZodType>(schema: S, initial: V) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});

  const onChange = useCallback((e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const { name, value } = e.target;
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((er) => (er[name] ? { ...er, [name]: undefined } : er));
  }, []);

  const validate = useCallback((): z.infer<S> | null => {
    const result = schema.safeParse(values);
    if (result.success) {
      setErrors({});
      return result.data;
    }
    const next: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const key = String(issue.path[0] ?? '');
      if (key && !next[key]) next[key] = issue.message;
    }
    setErrors(next);
    return null;
  }, [schema, values]);

  const field = useCallback(
    (name: keyof V & string) => ({
      name,
      value: values[name],
      onChange,
      error: Boolean(errors[name]),
      helperText: errors[name] ?? ' ',
    }),
    [values, errors, onChange],
  );

  return { values, setValues, errors, setServerErrors: setErrors, validate, field };
}
