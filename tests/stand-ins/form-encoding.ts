/**
 * Stripe's request encoding: application/x-www-form-urlencoded with bracket notation for nesting,
 * e.g. `line_items[0][price_data][unit_amount]=999&metadata[lead_id]=L1`. Every leaf is a string;
 * the API (and so the stand-in) decides per parameter whether it must be an integer, a URL, …
 */
export type FormValue = string | FormValue[] | FormObject;
export interface FormObject {
  [key: string]: FormValue;
}

export class FormEncodingError extends Error {}

// These would reach Object.prototype through plain-object assignment.
const FORBIDDEN_SEGMENTS = new Set(['__proto__', 'prototype', 'constructor']);

/** 'a[b][0][]' -> ['a', 'b', '0', ''] ('' = append). */
function keySegments(key: string): string[] {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match) throw new FormEncodingError(`Invalid parameter name: ${key}`);
  const segments = [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)];
  if (segments.some((s) => FORBIDDEN_SEGMENTS.has(s))) throw new FormEncodingError(`Invalid parameter name: ${key}`);
  return segments;
}

/** Objects whose keys are all indexes were arrays on the client: `a[0]`, `a[1]`. */
function withArrays(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  for (const key of keys) value[key] = withArrays(value[key]!);
  if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k))) {
    return keys.sort((a, b) => Number(a) - Number(b)).map((k) => value[k]!);
  }
  return value;
}

/** Decodes a form body or query string into nested objects and arrays. */
export function parseForm(encoded: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(encoded)) {
    const segments = keySegments(key);
    let node: FormObject = root;
    segments.forEach((segment, i) => {
      const name = segment === '' ? String(Object.keys(node).length) : segment;
      const last = i === segments.length - 1;
      const existing = node[name];
      if (last) {
        if (existing !== undefined && typeof existing !== 'string') {
          throw new FormEncodingError(`Invalid parameter: ${key} is both a value and a hash`);
        }
        node[name] = value;
        return;
      }
      if (existing === undefined) node[name] = {};
      else if (typeof existing === 'string') throw new FormEncodingError(`Invalid parameter: ${key} is both a value and a hash`);
      node = node[name] as FormObject;
    });
  }
  for (const key of Object.keys(root)) root[key] = withArrays(root[key]!);
  return root;
}
