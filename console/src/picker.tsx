// A search-as-you-type picker (an ARIA combobox) for a choice from a list read through the API: what is
// typed is the list's search, a short page of matches is offered by name, and the chosen item's value
// (a slug or an id) is what the form sends. Focusing it offers the first matches before anything is
// typed, so a short list reads like a select and a long one (an organization's projects) is searched.
import { useEffect, useRef, useState } from 'preact/hooks';
import { client, forgetOnSignOut, listOf, type ApiError } from './api';
import { asApiError, Field, problemWords } from './ui';

/** One item to offer: what is sent (`value`), its name (`text`), and a line under it (its slug). */
export interface Choice {
  value: string;
  text: string;
  detail?: string;
}

/** The matches of what is typed: a short page of them, and whether more match than those. */
export type Search = (q: string) => Promise<{ choices: Choice[]; more: boolean }>;

/** How many matches a picker offers at once. */
export const PAGE = 8;

/** Names of the items the pickers have offered, by value: a table naming an id it was given. */
const seen = new Map<string, string>();
forgetOnSignOut(() => seen.clear());
export const seenName = (value: string): string | undefined => seen.get(value);

/** An organization's projects whose slug, name or text attribute holds `q`: the list's own search, one page. */
export const projectSearch =
  (org: string, by: 'slug' | 'id'): Search =>
  async (q) => {
    const { items, next } = await listOf(
      client.GET('/organizations/{org}/projects', {
        params: { path: { org }, query: { limit: PAGE, ...(q ? { q } : {}) } },
      }),
    );
    return { choices: items.map((p) => ({ value: p[by], text: p.name, detail: p.slug })), more: !!next };
  };

/**
 * The environments, searched by name or slug here: the API lists them (one page of 200, as the other
 * pages read them) but has no search of its own.
 */
export const environmentSearch = (by: 'slug' | 'id'): Search =>
  searchIn(async () =>
    (await listOf(client.GET('/environments', { params: { query: { limit: 200 } } }))).items.map((e) => ({
      value: e[by],
      text: e.name,
      detail: e.slug,
    })),
  );

/**
 * A short list (environments, teams, organizations: one page of 200) read once, then searched here by
 * name or slug. A failed read is asked again at the next search.
 */
export function searchIn(load: () => Promise<Choice[]>): Search {
  let all: Promise<Choice[]> | undefined;
  return async (q) => {
    all ??= load().catch((e: unknown) => {
      all = undefined;
      throw e;
    });
    const words = q.toLowerCase();
    const found = (await all).filter(
      (c) => c.text.toLowerCase().includes(words) || !!c.detail?.toLowerCase().includes(words),
    );
    return { choices: found.slice(0, PAGE), more: found.length > PAGE };
  };
}

let pickerIds = 0;

export function Picker(props: {
  label: string;
  /** What a person looks for, for the words around the list: "project", "environment". */
  noun: string;
  search: Search;
  value: Choice | null;
  onValue: (choice: Choice | null) => void;
  pointer?: string;
  error?: ApiError | undefined;
  hint?: string;
  required?: boolean;
  /** Shown while nothing is typed: "Any project" (a filter); "Find a project…" unless given. */
  placeholder?: string;
}) {
  const { value, onValue, search, noun } = props;
  const [id] = useState(() => `picker${++pickerIds}`);
  const article = /^[aeiou]/.test(noun) ? 'an' : 'a';
  const [text, setText] = useState(value?.text ?? '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [found, setFound] = useState<{ choices: Choice[]; more: boolean; error?: ApiError }>();
  const input = useRef<HTMLInputElement>(null);
  const shown = useRef(value);

  // A choice set or cleared by the form (a reset after saving) shows in the input; typing does not.
  useEffect(() => {
    if (value) setText(value.text);
    else if (shown.current && text === shown.current.text) setText('');
    shown.current = value;
  }, [value?.value, value?.text]);

  // Something typed but not chosen is not a value: the form says so instead of sending it.
  useEffect(() => {
    input.current?.setCustomValidity(
      text.trim() && !value
        ? `Choose ${article} ${noun} from the list (type part of its name to find it).`
        : '',
    );
  }, [text, value, noun, article]);

  // The matches of what is typed, a moment after the last key; the chosen item's own name searches all.
  const q = value && text === value.text ? '' : text.trim();
  useEffect(() => {
    if (!open) return;
    let live = true;
    const timer = setTimeout(() => {
      search(q).then(
        (r) => {
          if (!live) return;
          for (const c of r.choices) seen.set(c.value, c.text);
          setFound(r);
          setActive(-1);
        },
        (e: unknown) => live && setFound({ choices: [], more: false, error: asApiError(e) }),
      );
    }, 200);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [open, q, search]);

  const choices = open ? (found?.choices ?? []) : [];
  const pick = (c: Choice) => {
    setText(c.text);
    onValue(c);
    setOpen(false);
  };
  const listed = choices.length > 0;
  const note =
    !open || !found
      ? ''
      : found.error
        ? `Could not list them: ${problemWords(found.error)}`
        : !listed
          ? q
            ? `No ${noun} matches “${q}”.`
            : `No ${noun} yet.`
          : found.more
            ? `More match: type more of the name to narrow them.`
            : '';

  return (
    <Field
      label={props.label}
      {...(props.pointer ? { pointer: props.pointer } : {})}
      error={props.error}
      {...(props.hint ? { hint: props.hint } : {})}
    >
      {(a) => (
        <div class="picker">
          <input
            {...a}
            ref={input}
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={listed}
            aria-controls={`${id}-list`}
            {...(listed && active >= 0 ? { 'aria-activedescendant': `${id}-${active}` } : {})}
            autocomplete="off"
            spellcheck={false}
            required={props.required}
            placeholder={props.placeholder ?? `Find ${article} ${noun}…`}
            value={text}
            onFocus={() => setOpen(true)}
            onClick={() => setOpen(true)}
            onBlur={() => setOpen(false)}
            onInput={(e) => {
              const typed = e.currentTarget.value;
              setText(typed);
              setOpen(true);
              if (value && typed !== value.text) onValue(null);
            }}
            onKeyDown={(e) => {
              if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
                e.preventDefault();
                if (!open) return setOpen(true);
                const n = choices.length;
                if (n) setActive((i) => (e.key === 'ArrowDown' ? (i + 1) % n : (i <= 0 ? n : i) - 1));
              } else if (e.key === 'Enter' && listed && active >= 0) {
                e.preventDefault();
                pick(choices[active]!);
              } else if (e.key === 'Escape' && open) {
                e.preventDefault();
                setOpen(false);
              }
            }}
          />
          <div class="picker-pop" hidden={!listed && !note}>
            <ul role="listbox" id={`${id}-list`} aria-label={`${props.label}: matches`} hidden={!listed}>
              {choices.map((c, i) => (
                <li
                  key={c.value}
                  id={`${id}-${i}`}
                  role="option"
                  aria-selected={i === active}
                  // Keeps the focus in the input, so the choice is made before it loses it.
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => pick(c)}
                >
                  {c.text}
                  {c.detail && <small>{c.detail}</small>}
                </li>
              ))}
            </ul>
            {note && <p>{note}</p>}
          </div>
          <span class="sr-only" role="status">
            {open && found && !found.error
              ? `${choices.length}${found.more ? ' or more' : ''} ${noun}${choices.length === 1 ? '' : 's'} offered.`
              : ''}
          </span>
        </div>
      )}
    </Field>
  );
}
