// The pieces every list and form page repeats: a text field bound to one member of a form's state,
// the name/slug pair (the slug follows the name until edited), a form's submit row, and a page's
// actions (confirm, run, announce, reload) in one hook.
import type { ComponentChildren } from 'preact';
import { ApiError } from './api';
import { SLUG_HINT, slugify } from './slugs';
import { Field, Problem, useAction, useConfirm, useNotice } from './ui';

/** What a text field passes on to its input. */
interface InputAttrs {
  required?: boolean;
  type?: 'text' | 'email' | 'password' | 'search' | 'url' | 'number';
  autocomplete?: string;
  inputMode?: 'text' | 'numeric' | 'decimal' | 'email' | 'url';
  placeholder?: string;
  disabled?: boolean;
  /** The id of a <datalist> of suggestions. */
  list?: string;
}

/** A labelled text input: its value, what to do with what is typed, and the 422 message at `pointer`. */
export function TextField(
  props: {
    label: string;
    value: string;
    onValue: (value: string) => void;
    pointer?: string;
    error?: ApiError | undefined;
    hint?: string;
    mono?: boolean;
    /** Puts the API's message in the field's own words. */
    words?: (message: string) => string;
  } & InputAttrs,
) {
  const { label, value, onValue, pointer, error, hint, mono, words, ...input } = props;
  return (
    <Field
      label={label}
      {...(pointer ? { pointer } : {})}
      error={error}
      {...(hint ? { hint } : {})}
      {...(words ? { words } : {})}
    >
      {(a) => (
        <input
          {...(input as { type?: 'text' })}
          {...a}
          {...(mono ? { class: 'mono' } : {})}
          value={value}
          onInput={(e) => onValue(e.currentTarget.value)}
        />
      )}
    </Field>
  );
}

/** A text field bound to `form[key]`: `<Bound form={f} set={setF} name="email" label="Email" />`. */
export function Bound<F extends Record<string, unknown>, K extends keyof F & string>(
  props: {
    form: F;
    set: (next: F) => void;
    name: K;
    label: string;
    error?: ApiError | undefined;
    hint?: string;
    mono?: boolean;
  } & InputAttrs,
) {
  const { form, set, name, ...rest } = props;
  return (
    <TextField
      pointer={`/${name}`}
      {...rest}
      value={String(form[name] ?? '')}
      onValue={(v) => set({ ...form, [name]: v })}
    />
  );
}

/**
 * Name and slug: while the slug is what the name suggests (or empty), it follows the name. `fixed`
 * (an edit) shows no slug field: a slug is not changed by a form.
 */
export function NameSlugFields<F extends { name: string; slug: string }>(props: {
  form: F;
  set: (next: F) => void;
  error: ApiError | undefined;
  fixed?: boolean;
  /** When the resource calls its name otherwise ("Display name", `/display_name`). */
  nameLabel?: string;
  namePointer?: string;
}) {
  const { form: f, set, error } = props;
  return (
    <>
      <TextField
        label={props.nameLabel ?? 'Name'}
        pointer={props.namePointer ?? '/name'}
        error={error}
        required
        value={f.name}
        onValue={(name) =>
          set({ ...f, name, slug: props.fixed || f.slug !== slugify(f.name) ? f.slug : slugify(name) })
        }
      />
      {!props.fixed && (
        <TextField
          label="Slug"
          pointer="/slug"
          error={error}
          hint={SLUG_HINT}
          required
          mono
          value={f.slug}
          onValue={(slug) => set({ ...f, slug })}
        />
      )}
    </>
  );
}

/** A form's buttons: submit (disabled while busy) and, when editing, Cancel. */
export function Submit(props: { label: string; busy: boolean; cancel?: (() => void) | undefined }) {
  return (
    <div class="actions">
      <button type="submit" disabled={props.busy}>
        {props.label}
      </button>
      {props.cancel && (
        <button type="button" class="secondary" onClick={props.cancel}>
          Cancel
        </button>
      )}
    </div>
  );
}

/**
 * A page's actions: the confirmation dialog and the polite status line to render once (`chrome`),
 * the problem of the last action (`error`, `problem`), and:
 * - `act(fn, success)`: runs it, then announces `success`;
 * - `confirmed(question, button, fn, success)`: asks first, then the same.
 * Each resolves true when the action succeeded.
 */
export function useActions() {
  const [error, run, busy] = useAction();
  const [dialog, confirm] = useConfirm();
  const [notice, announce] = useNotice();
  const act = async (fn: () => Promise<unknown>, success?: string): Promise<boolean> => {
    const ok = await run(fn);
    if (ok && success) announce(success);
    return ok;
  };
  const confirmed = async (
    question: string,
    button: string,
    fn: () => Promise<unknown>,
    success?: string,
  ): Promise<boolean> => (await confirm(question, button)) && act(fn, success);
  const chrome: ComponentChildren = (
    <>
      {dialog}
      {notice}
    </>
  );
  return { chrome, error, problem: <Problem error={error} />, busy, act, confirmed, announce, confirm };
}

/** A danger button that asks first (`question`, `button`), then runs `fn`. */
export function DangerButton(props: {
  label: string;
  /** Who or what, for screen readers ("Delete" is read as "Delete deploys"). */
  what?: string;
  onClick: () => void;
  class?: string;
}) {
  return (
    <button type="button" class={props.class ?? 'danger'} onClick={props.onClick}>
      {props.label}
      {props.what && <span class="sr-only"> {props.what}</span>}
    </button>
  );
}

/** A labelled select of `options` (value and words); `pointer` shows the 422 message for it. */
export function SelectField(props: {
  label: string;
  value: string;
  onValue: (value: string) => void;
  options: readonly { value: string; text: string }[];
  pointer?: string;
  error?: ApiError | undefined;
  hint?: string;
  required?: boolean;
  disabled?: boolean;
}) {
  return (
    <Field
      label={props.label}
      {...(props.pointer ? { pointer: props.pointer } : {})}
      error={props.error}
      {...(props.hint ? { hint: props.hint } : {})}
    >
      {(a) => (
        <select
          {...a}
          required={props.required}
          disabled={props.disabled}
          value={props.value}
          onChange={(e) => props.onValue(e.currentTarget.value)}
        >
          {props.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.text}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** One checkbox of a list choosing some values: checking it adds `value` to `chosen`, unchecking takes it out. */
export function CheckOption(props: {
  value: string;
  title?: string | null | undefined;
  chosen: readonly string[];
  onChosen: (chosen: string[]) => void;
  children: ComponentChildren;
}) {
  return (
    <label class="check" {...(props.title ? { title: props.title } : {})}>
      <input
        type="checkbox"
        checked={props.chosen.includes(props.value)}
        onChange={(e) =>
          props.onChosen(
            e.currentTarget.checked
              ? [...props.chosen, props.value]
              : props.chosen.filter((x) => x !== props.value),
          )
        }
      />{' '}
      {props.children}
    </label>
  );
}

/** A fieldset of checkboxes choosing some of `options` (by value); the 422 message at `pointer` under it. */
export function CheckList(props: {
  legend: string;
  chosen: readonly string[];
  onChosen: (chosen: string[]) => void;
  options: readonly { value: string; text: string; title?: string | null }[];
  pointer?: string;
  error?: ApiError | undefined;
  hint?: string;
}) {
  // The list's own pointer or one of its items' (`/types/1`).
  const message = props.pointer
    ? props.error?.errors.find(
        (e) => e.pointer === props.pointer || e.pointer.startsWith(`${props.pointer}/`),
      )?.detail
    : undefined;
  return (
    <fieldset class="checks" {...(props.pointer ? { 'data-pointer': props.pointer } : {})}>
      <legend>{props.legend}</legend>
      {props.options.map((o) => (
        <CheckOption
          key={o.value}
          value={o.value}
          title={o.title}
          chosen={props.chosen}
          onChosen={props.onChosen}
        >
          {o.text}
        </CheckOption>
      ))}
      {props.hint && <small class="hint">{props.hint}</small>}
      {message && <small class="field-error">{message}</small>}
    </fieldset>
  );
}

/** A slug-and-name resource as an option of a select or check list. */
/** The API's message for a field whose null is left empty ("none", "unknown"), in the form's words. */
export const emptyMeansNone = (message: string) => message.replace(/ or null$/, ', or left empty');

export const asOption = (r: { slug: string; name: string }) => ({ value: r.slug, text: r.name });

/** A JSON text field's value: none when blank, else its parsed JSON, or a 422 naming `pointer`. */
export function jsonField(text: string, pointer: string): unknown {
  if (!text.trim()) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError(422, `${pointer.slice(1)}: is not valid JSON`, [
      { pointer, detail: 'is not valid JSON' },
    ]);
  }
}
