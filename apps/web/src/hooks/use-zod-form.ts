import { useCallback, useEffect, useRef, useState, type ChangeEvent } from 'react';
import type { z } from 'zod';

type Values = Record<string, string>;
type Errors = Record<string, string | undefined>;

/** Parses the values: the parsed body, or null after putting each field's first message in place. */
function check<S extends z.ZodType>(
  schema: S,
  values: Values,
  setErrors: (errors: Errors) => void,
): z.infer<S> | null {
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
}

/** The values, the messages beside the fields and the props of each field. */
function useFormFields<V extends Values>(initial: V) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Errors>({});

  const onChange = useCallback((e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const { name, value } = e.target;
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((er) => (er[name] ? { ...er, [name]: undefined } : er));
  }, []);

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

  return { values, setValues, errors, setServerErrors: setErrors, field };
}

/**
 * Form state checked by a contract schema: `submit` validates and returns the parsed body (or
 * null and shows the messages); `setServerErrors` puts the API's field errors beside the fields.
 */
export function useZodForm<V extends Values, S extends z.ZodType>(schema: S, initial: V) {
  const form = useFormFields(initial);
  const { values, setServerErrors } = form;
  const validate = useCallback(
    (): z.infer<S> | null => check(schema, values, setServerErrors),
    [schema, values, setServerErrors],
  );
  return { ...form, validate };
}

/**
 * `useZodForm` with a schema loaded on demand (fetched as the form mounts), so a page on the
 * sign-in route does not put zod on it; `validate` waits for the schema.
 */
export function useLazyZodForm<V extends Values, S extends z.ZodType>(load: () => Promise<S>, initial: V) {
  const form = useFormFields(initial);
  const { values, setServerErrors } = form;
  const schema = useRef<Promise<S> | null>(null);
  const loadOnce = useCallback(() => (schema.current ??= load()), [load]);
  useEffect(() => {
    void loadOnce();
  }, [loadOnce]);
  const validate = useCallback(
    async (): Promise<z.infer<S> | null> => check(await loadOnce(), values, setServerErrors),
    [loadOnce, values, setServerErrors],
  );
  return { ...form, validate };
}
