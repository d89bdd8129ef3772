// JSON merge patch (RFC 7396) of a project's attributes: members the patch does not name are kept,
// `null` removes one, an object merges into an object member, anything else replaces it.
import { invalid } from '../http/errors.js';
import { pointerToken } from '../lib/json-pointer.js';

/** Objects nested deeper than this in a patch are refused (422): the merge is bounded work. */
export const MAX_PATCH_DEPTH = 32;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The target with the patch merged in (a new object; neither argument is changed). `pointer` names the
 * patch in the request body, so a patch nested too deeply is a 422 naming where.
 */
export function mergePatch(target: Json, patch: Json, pointer = '/attributes'): Json {
  return merge(target, patch, pointer, 1);
}

function merge(target: Json, patch: Json, pointer: string, depth: number): Json {
  if (depth > MAX_PATCH_DEPTH)
    throw invalid(pointer, `must not nest objects more than ${MAX_PATCH_DEPTH} deep`);
  const out: Json = { ...target };
  for (const [name, value] of Object.entries(patch)) {
    if (value === null) {
      delete out[name];
    } else if (isObject(value)) {
      const here = Object.hasOwn(out, name) ? out[name] : undefined;
      const base = isObject(here) ? here : {};
      Object.defineProperty(out, name, {
        value: merge(base, value, `${pointer}/${pointerToken(name)}`, depth + 1),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    } else {
      // defineProperty: a member named "__proto__" is a member, not the object's prototype.
      Object.defineProperty(out, name, { value, enumerable: true, writable: true, configurable: true });
    }
  }
  return out;
}
